import { msg } from '@lingui/core/macro';
import type { RouteHandle } from '../route-module';

export { ProfileBasicsPage as Component } from '@/features/profile-basics/pages/profile-basics-page';

export const handle: RouteHandle = { title: msg`Profile Basics` };
