import type { RouteHandle } from '../route-module';

export { RegisterPage as Component } from '@/features/auth/pages/register-page';

// Drawn on the server, so a visitor without JavaScript gets the page and its form, not only 'Loading...'.
export const handle: RouteHandle = { title: 'Register', preload: true, draw: true };
