import { msg } from '@lingui/core/macro';
import type { RouteHandle } from '../route-module';

export { VerifyEmailPage as Component } from '@/features/auth/pages/verify-email-page';

export const handle: RouteHandle = { title: msg`Email Verification` };
