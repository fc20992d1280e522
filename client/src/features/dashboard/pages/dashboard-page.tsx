// /dashboard, the contestant's own page: spinner; 'Error Loading Dashboard'
// with Try Again (reloads); 'Complete Your Profile' without a profile; otherwise the welcome, stats
// (live: rank, votes), videos, quick actions, the free vote for one's own profile and the packages.
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleAlert, LogOut } from 'lucide-react';
import type { CurrentUser } from '#contract/auth/answers';
import { rooms } from '#contract/live/events';
import { DASHBOARD_MESSAGES as D } from '#contract/profiles/messages';
import { Button } from '@/components/ui/button';
import { PageSection } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { VotesOverTimeCard } from '@/components/votes/votes-over-time-card';
import { FreeVoteButton } from '@/components/votes/free-vote-button';
import { VotePackages } from '@/components/votes/vote-packages';
import { VoteSplit } from '@/components/votes/vote-split';
import { errorDetail } from '@/lib/api/api-error';
import { useGetCurrentUserQuery } from '@/lib/api/current-user';
import { useContractText } from '@/lib/i18n/contract-text';
import { selectUser } from '@/lib/auth/auth-slice';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { browser } from '@/lib/browser';
import { useLiveRooms } from '@/lib/realtime/use-live-rooms';
import { useAppSelector } from '@/lib/store/hooks';
import { useGetProfileViewsQuery } from '../api/get-profile-views';
import { CompleteProfileCard } from '../components/complete-profile-card';
import { DashboardVideos } from '../components/dashboard-videos';
import { QuickActions } from '../components/quick-actions';
import { StatCards } from '../components/stat-cards';
import { RaceLine } from '@/components/contest/race-line';
import { useRunningRound } from '@/hooks/use-running-round';
import { MailPreferencesCard } from '../components/mail-preferences-card';
import { LinkedAccountsCard } from '../components/linked-accounts-card';
import { VoteReviewNotices } from '../components/vote-review-notices';
import { useDashboardVote } from '@/lib/votes/use-dashboard-vote';
import { DeletionPendingBanner } from '@/components/account/deletion-pending-banner';
import { MyDataCard } from '@/components/account/my-data-card';

function Welcome({ username, onSignOut }: { username: string; onSignOut: () => void }) {
  const { t } = useLingui();
  return (
    <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <p className="text-sm font-semibold uppercase tracking-[0.3em] text-blood-400">
          <Trans>Your dashboard</Trans>
        </p>
        <h1 className="mt-2 break-words font-display text-3xl font-bold tracking-tight text-bone-50 sm:text-4xl">{t`Welcome, ${username}`}</h1>
      </div>
      <Button variant="ghost" onClick={onSignOut} className="self-start sm:self-auto">
        <LogOut aria-hidden="true" className="size-4" /> <Trans>Sign out</Trans>
      </Button>
    </header>
  );
}

function DashboardContent({ me, reload }: { me: CurrentUser; reload: () => void }) {
  const profile = me.contestant_profile!;
  const entry = me.contest_entries?.[0];
  const groupId = entry?.group_id ?? profile.active_contest_entry?.group_id;
  // `contests`: the current contest's changes (a round closing moves the cut line).
  useLiveRooms([rooms.contestant(me.username), rooms.contests, ...(groupId ? [rooms.group(groupId)] : [])]);
  const round = useRunningRound(profile.active_contest_entry?.contest_id);
  const views = useGetProfileViewsQuery(me.username, { refetchOnMountOrArgChange: true });
  const { vote, hasVoted, checking, sending, nextVoteAt, refusal } = useDashboardVote(me.username, reload);
  const { t } = useLingui();
  return (
    <div className="space-y-10">
      <div>
        <StatCards rank={profile.current_position_in_group} votes={entry?.current_contest_votes ?? 0} views={views.data?.profile_views ?? 0} />
        {profile.active_contest_entry ? (
          <RaceLine username={me.username} groupId={profile.active_contest_entry.group_id} round={round} className="mt-4" />
        ) : null}
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-bone-400">
          <span>
            <Trans>All-time votes:</Trans>
          </span>
          <VoteSplit total={profile.total_votes ?? 0} paid={profile.paid_votes} />
        </div>
      </div>
      <VoteReviewNotices reviews={me.vote_reviews ?? []} />
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-10 lg:col-span-2">
          <VotesOverTimeCard username={me.username} name={me.username} title={t`Your votes over time`} />
          <DashboardVideos />
          <QuickActions username={me.username} />
        </div>
        <div className="space-y-8">
          <section aria-labelledby="free-vote-heading" className="rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
            <h2 id="free-vote-heading" className="text-xl font-bold text-bone-50">
              <Trans>Vote for Yourself</Trans>
            </h2>
            <p className="mt-1 text-sm text-bone-400">
              <Trans>Everyone gets one free vote every 24 hours, you included.</Trans>
            </p>
            <FreeVoteButton
              hasVoted={hasVoted}
              checking={checking}
              sending={sending}
              nextVoteAt={nextVoteAt}
              refusal={refusal}
              onVote={() => void vote()}
              className="mt-4"
            />
          </section>
          <VotePackages username={me.username} contestantId={profile.id} offer={profile.vote_offer} />
          <MailPreferencesCard username={me.username} />
        </div>
      </div>
    </div>
  );
}

export function DashboardPage() {
  const user = useAppSelector(selectUser);
  const signOut = useSignOut();
  const username = user?.username ?? '';
  const { currentData: me, error, refetch } = useGetCurrentUserQuery(username, { skip: !username, refetchOnMountOrArgChange: true });
  const { t } = useLingui();
  const ct = useContractText();
  if (!user) return null;

  let body;
  if (!me && !error) return <Spinner label={t`Loading your dashboard...`} className="m-auto py-24" />;
  if (!me) {
    body = (
      <div className="mx-auto max-w-xl rounded-2xl border border-blood-500/50 bg-blood-900/30 p-8 text-center shadow-2xl">
        <CircleAlert aria-hidden="true" className="mx-auto size-10 text-blood-400" />
        <h2 className="mt-3 text-2xl font-bold text-bone-50">{ct(D.errorTitle)}</h2>
        <p role="alert" className="mt-2 text-bone-200">
          {ct(errorDetail(error) ?? D.profileLoadFailed)}
        </p>
        <Button onClick={() => browser.reload()} className="mt-6">
          {ct(D.tryAgain)}
        </Button>
      </div>
    );
  } else if (!me.contestant_profile) {
    // A fan's account (made by a provider's sign-in: no contestant, no staff, no entry) is not asked to become a contestant.
    const fan = !me.is_competitor && !me.is_superuser && me.staff_role === null && me.contest_entries.length === 0;
    body = fan ? null : <CompleteProfileCard />;
  } else {
    body = <DashboardContent me={me} reload={() => void refetch()} />;
  }

  return (
    <PageSection>
      <Welcome username={me?.username ?? username} onSignOut={signOut} />
      {me ? <DeletionPendingBanner dueAt={me.deletion_due_at} /> : null}
      {body}
      {/* Every account has its sign-in methods and its own data, with or without a profile. */}
      {me ? (
        <div className="mx-auto mt-10 grid max-w-3xl gap-6">
          <LinkedAccountsCard username={me.username} />
          <MyDataCard username={me.username} deletionDueAt={me.deletion_due_at} />
        </div>
      ) : null}
    </PageSection>
  );
}
