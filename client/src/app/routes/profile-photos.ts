import { msg } from '@lingui/core/macro';
import type { RouteHandle } from '../route-module';

export { ProfilePhotosPage as Component } from '@/features/photos/pages/profile-photos-page';

export const handle: RouteHandle = { title: msg`Your Profile Photos` };
