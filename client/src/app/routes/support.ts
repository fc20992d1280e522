// /support and /contact-support: the FAQ and the contact form (drawn from the site's configuration, the root route's loader).
import { msg } from '@lingui/core/macro';
import type { RouteHandle } from '../route-module';

export { SupportPage as Component } from '@/features/support/pages/support-page';

export const handle: RouteHandle = { title: msg`Support`, draw: true };
