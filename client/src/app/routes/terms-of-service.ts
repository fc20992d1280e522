import { msg } from '@lingui/core/macro';
import type { RouteHandle } from '../route-module';

export { TermsOfServicePage as Component } from '@/features/content/pages/terms-of-service-page';

export const handle: RouteHandle = { title: msg`Terms of Service`, draw: true };
