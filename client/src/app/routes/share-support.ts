import { msg } from '@lingui/core/macro';
import type { RouteHandle } from '../route-module';

export { SharePage as Component } from '@/features/share/pages/share-page';

export const handle: RouteHandle = { title: msg`Share Your Profile` };
