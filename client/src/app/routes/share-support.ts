import type { RouteHandle } from '../route-module';

export { SharePage as Component } from '@/features/share/pages/share-page';

export const handle: RouteHandle = { title: 'Share Your Profile' };
