import { msg } from '@lingui/core/macro';
import type { RouteHandle } from '../route-module';

export { ResetPasswordPage as Component } from '@/features/auth/pages/reset-password-page';

export const handle: RouteHandle = { title: msg`Reset Password` };
