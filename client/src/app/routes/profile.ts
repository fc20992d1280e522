// /profile/:username and /profile/2025/:username: a contestant's public profile. Named by the page (the
// contestant's name). The payment return's parameters (payment, session_id, token) are read once the
// page has hydrated, so the return is drawn as the bare profile.
import { getContestantProfile } from '@/features/profile/api/get-contestant-profile';
import { getCountdown } from '@/features/profile/api/get-countdown';
import type { PageLoader, RouteHandle } from '../route-module';

export { ProfilePage as Component } from '@/features/profile/pages/profile-page';

export const handle: RouteHandle = { draw: true };

export const loader: PageLoader = async ({ params }, store) => {
  const username = params.username ?? '';
  await Promise.all([username ? store.dispatch(getContestantProfile.initiate(username)) : null, store.dispatch(getCountdown.initiate())]);
};
