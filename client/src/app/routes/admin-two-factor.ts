import type { RouteHandle } from '../route-module';

export { AdminTwoFactorPage as Component } from '@/features/two-factor/pages/admin-two-factor-page';

export const handle: RouteHandle = { title: 'Two-Factor Sign-In' };
