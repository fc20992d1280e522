import { msg } from '@lingui/core/macro';
import type { RouteHandle } from '../route-module';

export { SocialLinksPage as Component } from '@/features/social-links/pages/social-links-page';

export const handle: RouteHandle = { title: msg`Social Links` };
