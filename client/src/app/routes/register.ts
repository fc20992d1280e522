import type { RouteHandle } from '../route-module';

export { RegisterPage as Component } from '@/features/auth/pages/register-page';

export const handle: RouteHandle = { title: 'Register', preload: true };
