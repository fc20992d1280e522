// /profile/{username} and /profile/2025/{username}: a contestant's public profile with the free vote,
// the vote packages and the link to copy (docs/product.md#free-votes). The vote count,
// position and elimination follow pushes for the contestant and their group; the countdown follows
// the current contest. Back from a checkout, the payment is completed here.
import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useDeferredValue } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ActiveContestEntry, ContestantProfile } from '#contract/profiles/answers';
import { rooms } from '#contract/live/events';
import { PROFILE_MESSAGES as P } from '#contract/profiles/messages';
import { PageTitle } from '@/components/layout/page-title';
import { buttonClass } from '@/components/ui/button-styles';
import { BackLink, PageSection } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { VotesOverTimeCard } from '@/components/votes/votes-over-time-card';
import { shownResult } from '@/lib/api/shown-result';
import { FreeVoteButton } from '@/components/votes/free-vote-button';
import { usePaymentReturn } from '@/lib/votes/use-payment-return';
import { VotePackages } from '@/components/votes/vote-packages';
import { VoteRulesLink } from '@/components/votes/vote-rules-link';
import { errorDetail, errorStatus } from '@/lib/api/api-error';
import { selectUser } from '@/lib/auth/auth-slice';
import { useContractText } from '@/lib/i18n/contract-text';
import { sameName } from '@/lib/realtime/live-cache';
import { useLiveRooms } from '@/lib/realtime/use-live-rooms';
import { useAppSelector } from '@/lib/store/hooks';
import { useGetContestantProfileQuery } from '../api/get-contestant-profile';
import { useGetCountdownQuery } from '@/lib/api/countdown';
import { useRunningRound } from '@/hooks/use-running-round';
import { RaceLine } from '@/components/contest/race-line';
import { AboutSection } from '../components/about-section';
import { ContestCountdown } from '../components/contest-countdown';
import { EliminatedView } from '../components/eliminated-view';
import { PhotoGrid } from '../components/photo-grid';
import { ProfileHeader } from '../components/profile-header';
import { ShareProfile } from '../components/share-profile';
import { useIncrementViewsOnce } from '../hooks/use-increment-views-once';
import { useProfileVote } from '../hooks/use-profile-vote';
import { cutLimitOf } from '@/lib/contest-cut';
import { paths } from '@/lib/paths';

function ContestBlock() {
  const ct = useContractText();
  const { currentData: data, error } = useGetCountdownQuery(undefined, { refetchOnMountOrArgChange: true, selectFromResult: shownResult });
  if (!data && !error) return <Skeleton className="h-40 w-full" />;
  if (data) return <ContestCountdown countdown={data} />;
  // No current contest (404) is not a failure worth a message.
  if (error && errorStatus(error) !== 404) return <p className="rounded-xl border border-night-600 p-4 text-sm text-bone-400">{ct(P.contestLoadFailed)}</p>;
  return null;
}

/** The contestant's place in the race, live: for the owner the votes to pass the next one and the cut line, for fans the cut line. */
function Race({ username, entry, isOwner }: { username: string; entry: ActiveContestEntry; isOwner: boolean }) {
  const round = useRunningRound(entry.contest_id);
  // A fan's line is the cut's alone: nothing to show (or fetch) without one.
  if (!isOwner && !cutLimitOf(round)) return null;
  return (
    <RaceLine
      username={username}
      groupId={entry.group_id}
      round={round}
      cutOnly={!isOwner}
      className="rounded-xl border border-night-700 bg-night-800/60 p-3"
    />
  );
}

function NotFound() {
  const ct = useContractText();
  return (
    <section className="grain flex flex-1 items-center justify-center px-4 py-20">
      <PageTitle name={ct(P.notFound)} />
      <div className="max-w-md rounded-2xl border border-night-700 bg-night-900/90 p-8 text-center shadow-2xl">
        <h1 className="font-display text-3xl font-bold text-bone-50">{ct(P.notFound)}</h1>
        <p className="mt-3 text-bone-200">
          <Trans>This contestant may have left the stage, or the link is mistyped.</Trans>
        </p>
        <Link to={paths.home()} className={`${buttonClass('primary')} mt-6`}>
          <Trans>Back to Home</Trans>
        </Link>
      </div>
    </section>
  );
}

/** Everything below the header; memo, so a vote or push redraws it only when the profile changes. */
const ProfileBody = memo(function ProfileBody({ profile, name, isOwner }: { profile: ContestantProfile; name: string; isOwner: boolean }) {
  return (
    <div className="below-fold mt-8 grid gap-8 lg:grid-cols-3">
      <div className="space-y-8 lg:col-span-2">
        <PhotoGrid pictures={profile.pictures_urls ?? []} name={name} />
        <AboutSection profile={profile} isOwner={isOwner} />
        <VotesOverTimeCard username={profile.user.username} name={name} />
      </div>
      <div className="space-y-8">
        <VotePackages username={profile.user.username} contestantId={profile.id} offer={profile.vote_offer} />
        <ShareProfile username={profile.user.username} />
      </div>
    </div>
  );
});

export function ProfilePage() {
  const { t } = useLingui();
  const ct = useContractText();
  const { username = '' } = useParams();
  const viewer = useAppSelector(selectUser);
  const isOwner = sameName(viewer?.username, username);
  useIncrementViewsOnce(username);
  // Back from a checkout: ?payment=success|cancel.
  usePaymentReturn(username);
  // currentData: never the previous contestant's profile while the next one loads.
  const { currentData, error, refetch } = useGetContestantProfileQuery(username, {
    skip: !username,
    refetchOnMountOrArgChange: true,
    selectFromResult: shownResult,
  });
  // The page is drawn from a deferred copy of the profile: a new answer or push is rendered in a
  // background render React splits into short slices, not as one long task on a slow phone.
  const deferred = useDeferredValue(currentData);
  const profile = deferred && sameName(deferred.user.username, username) ? deferred : undefined;
  const groupId = currentData?.active_contest_entry?.group_id;
  useLiveRooms([rooms.contestant(username), rooms.contests, ...(groupId ? [rooms.group(groupId)] : [])]);
  // Whether this viewer (signed in or not) has voted today is asked on anyone's profile but one's own,
  // so the button shows the real state once the page has hydrated (docs/decisions/023-page-titles-and-vote-state.md).
  const { vote, hasVoted, checking, sending, nextVoteAt, refusal } = useProfileVote({
    username,
    check: !isOwner,
    viewer: viewer?.username,
    reload: () => void refetch(),
  });

  // While it loads, the page names nothing: the document keeps the title the server gave it (the contestant's).
  if (!profile && !error) return <Spinner label={t`Loading profile...`} className="m-auto py-24" />;
  if (!profile && errorStatus(error) === 404) return <NotFound />;
  if (!profile) {
    return (
      <PageSection width="max-w-xl">
        <PageTitle name={t`Profile`} />
        <p role="alert" className="rounded-xl border border-blood-500/50 bg-blood-900/30 p-6 text-center text-bone-50">
          {ct(errorDetail(error) ?? P.loadFailed)}
        </p>
      </PageSection>
    );
  }
  // The contestant's name, as the server's link-preview head names the page (modules/share/profile-head.ts).
  const name = `${profile.user.first_name} ${profile.user.last_name}`.trim() || profile.user.username;
  if (profile.is_eliminated) {
    return (
      <>
        <PageTitle name={name} />
        <EliminatedView profile={profile} />
      </>
    );
  }

  return (
    <PageSection>
      <PageTitle name={name} />
      <ProfileHeader
        profile={profile}
        contest={
          <div className="space-y-4">
            <ContestBlock />
            {profile.active_contest_entry ? <Race username={profile.user.username} entry={profile.active_contest_entry} isOwner={isOwner} /> : null}
            <FreeVoteButton hasVoted={hasVoted} checking={checking} sending={sending} nextVoteAt={nextVoteAt} refusal={refusal} onVote={() => void vote()} />
            <p className="text-center text-xs text-bone-400">
              <Trans>
                One free vote every 24 hours · <VoteRulesLink />
              </Trans>
            </p>
          </div>
        }
      />
      <ProfileBody profile={profile} name={name} isOwner={isOwner} />
      <div className="mt-10">
        <BackLink to={paths.dashboard()}>
          <Trans>Back to Home</Trans>
        </BackLink>
      </div>
    </PageSection>
  );
}
