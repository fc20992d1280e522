import { msg } from '@lingui/core/macro';
import type { RouteHandle } from '../route-module';

export { ForgotPasswordPage as Component } from '@/features/auth/pages/forgot-password-page';

export const handle: RouteHandle = { title: msg`Forgot Password` };
