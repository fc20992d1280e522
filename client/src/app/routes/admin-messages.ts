import type { RouteHandle } from '../route-module';

export { AdminMessagesPage as Component } from '@/features/support/pages/admin-messages-page';

export const handle: RouteHandle = { title: 'Support Messages' };
