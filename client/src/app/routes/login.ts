import type { RouteHandle } from '../route-module';

export { LoginPage as Component } from '@/features/auth/pages/login-page';

export const handle: RouteHandle = { title: 'Sign In', preload: true };
