// The landing page is part of the app's entry: the first page most visitors see needs no second script.
import { msg } from '@lingui/core/macro';
import type { RouteHandle } from '../route-module';

export { LandingPage as Component } from '@/features/landing/pages/landing-page';

// The site's configuration, which the page reads, is every page's (the root route's loader).
export const handle: RouteHandle = { title: msg`Your Horror Debut`, draw: true };
