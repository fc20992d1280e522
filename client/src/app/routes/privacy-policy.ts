import { msg } from '@lingui/core/macro';
import type { RouteHandle } from '../route-module';

export { PrivacyPolicyPage as Component } from '@/features/content/pages/privacy-policy-page';

export const handle: RouteHandle = { title: msg`Privacy Policy`, draw: true };
