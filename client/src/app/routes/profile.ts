// /profile/{username} and /profile/2025/{username}: a contestant's public profile, drawn by the server
// with its link-preview tags.
import { profileHeadTags, shareCardPath, shareCardVersion, shareFactsOf } from '#contract/profiles/share';
import { getContestantProfile } from '@/features/profile/api/get-contestant-profile';
import { errorStatus } from '@/lib/api/api-error';
import { getCountdown } from '@/lib/api/countdown';
import { getSite } from '@/lib/api/site';
import { cutLimitOf, runningRoundOf } from '@/lib/contest-cut';
import { env } from '@/lib/env';
import { getAllGroupsLeaderboard } from '@/lib/leaderboard/get-all-groups-leaderboard';
import { getGroupLeaderboard } from '@/lib/leaderboard/get-group-leaderboard';
import { paths } from '@/lib/paths';
import { FIRST_BUCKET, getVotesOverTime } from '@/lib/votes/get-votes-over-time';
import type { PageLoader, PageMeta, RouteHandle } from '../route-module';

export { ProfilePage as Component } from '@/features/profile/pages/profile-page';

// Named by the page (the contestant's name). The payment return's parameters (payment, session_id,
// token) are read once the page has hydrated, so the return is drawn as the bare profile.
export const handle: RouteHandle = { draw: true };

// The profile and the contest's countdown; then, for a contestant still in the race, their votes per
// day (the card's first bucket, asked under the name the card asks with, so the browser takes the
// answer over and draws the chart without asking again) and their group board (and every group's for
// a cut over the whole contest), which the line against the running round's cut is drawn from.
export const loader: PageLoader = async ({ params }, store) => {
  const username = params.username ?? '';
  const [profile, countdown] = await Promise.all([
    username ? store.dispatch(getContestantProfile.initiate(username)) : null,
    store.dispatch(getCountdown.initiate()),
  ]);
  const found = profile?.data;
  const entry = found?.active_contest_entry;
  const round = countdown.data?.id === entry?.contest_id ? runningRoundOf(countdown.data) : null;
  const cut = entry && cutLimitOf(round) ? entry : null;
  await Promise.all([
    found && !found.is_eliminated ? store.dispatch(getVotesOverTime.initiate({ username: found.user.username, bucket: FIRST_BUCKET })) : null,
    cut ? store.dispatch(getGroupLeaderboard.initiate(cut.group_id)) : null,
    cut && round?.advance_total != null ? store.dispatch(getAllGroupsLeaderboard.initiate()) : null,
  ]);
};

/**
 * The contestant's link-preview tags (description, Open Graph and Twitter card, the portrait's preload)
 * from the profile the loader fetched; 404 when there is no such contestant.
 */
export const meta: PageMeta = ({ params, state, origin }) => {
  const answer = getContestantProfile.select(params.username ?? '')(state);
  if (errorStatus(answer.error) === 404) return { status: 404 };
  const profile = answer.data;
  if (!profile) return {};
  const countdown = getCountdown.select(undefined)(state).data;
  const productName = getSite.select(undefined)(state).data?.product_name ?? env.defaultProductName;
  const entry = profile.active_contest_entry;
  const facts = shareFactsOf(profile, entry && countdown?.id === entry.contest_id ? countdown.contest_name : null);
  const imageUrl = `${origin}${shareCardPath(facts.username, shareCardVersion(facts, productName))}`;
  return { head: profileHeadTags(facts, { productName, pageUrl: `${origin}${paths.profile(facts.username)}`, imageUrl }) };
};
