import { msg } from '@lingui/core/macro';
import type { RouteHandle } from '../route-module';

export { RegistrationSuccessPage as Component } from '@/features/auth/pages/registration-success-page';

export const handle: RouteHandle = { title: msg`Check Your Email` };
