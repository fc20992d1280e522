import { msg } from '@lingui/core/macro';
import type { RouteHandle } from '../route-module';

export { AboutPage as Component } from '@/features/content/pages/about-page';

export const handle: RouteHandle = { title: msg`About Us`, draw: true };
