import { msg } from '@lingui/core/macro';
import type { RouteHandle } from '../route-module';

export { LoginPage as Component } from '@/features/auth/pages/login-page';

// Drawn on the server, so a visitor without JavaScript gets the page and its form, not only 'Loading...'.
export const handle: RouteHandle = { title: msg`Sign In`, preload: true, draw: true };
