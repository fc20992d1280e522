// /admin: contests with status and dates, View Groups, Edit
// Contest, Create New Contest, and the groups of the current contest; a card counts the open support
// messages. Each card and action shows only for a staff role that may use it.
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarDays, Inbox, Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { STAFF_ROLE_LABELS } from '#contract/auth/roles';
import type { Contest } from '#contract/contests/answers';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { supportEndpoints } from '#contract/support/endpoints';
import { CONTEST_MESSAGES as M } from '#contract/contests/messages';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-styles';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageHeader, PageSection } from '@/components/ui/page-header';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { failureText } from '@/lib/api/api-error';
import { useStaffCan, useStaffRole } from '@/lib/auth/staff';
import { formatZonedDateTime } from '@/lib/dates';
import { useContractText } from '@/lib/i18n/contract-text';
import { formatCount } from '@/lib/numbers';
import { paths } from '@/lib/paths';
import { useGetAdminContestsQuery } from '@/lib/api/get-admin-contests';
import { useGetContestGroupsQuery } from '@/lib/api/get-contest-groups';
import { useGetSupportSummaryQuery } from '../api/get-support-summary';
import { ContestBadges } from '@/components/contest/contest-badges';
import { NamedWinners } from '@/components/contest/named-winners';
import { GroupCard } from '@/components/contest/group-card';
import { GroupsSkeleton } from '@/components/contest/groups-skeleton';
import { OwnAccountSection } from '@/components/account/own-account-section';

/** The dashboard lists the most recent contests; the full list pages through all of them. */
const DASHBOARD_CONTESTS = 100;
const CURRENT_GROUPS = 1000;

function ContestItem({ contest, canEdit }: { contest: Contest; canEdit: boolean }) {
  const { t } = useLingui();
  const titleId = `dash-contest-${contest.id}`;
  const start = formatZonedDateTime(contest.start_date, contest.time_zone) || t`Not set`;
  const end = formatZonedDateTime(contest.end_date, contest.time_zone) || t`No end date`;
  return (
    <li>
      <article aria-labelledby={titleId} className="flex h-full flex-col rounded-xl border border-night-700 bg-night-900/90 p-5 shadow-xl">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} className="min-w-0 break-words text-lg font-bold text-bone-50">
            <Link to={paths.admin.contest(contest.id)} className="hover:text-blood-300">
              {contest.name}
            </Link>
          </h3>
          <ContestBadges contest={contest} />
        </div>
        <p className="mt-3 flex items-start gap-2 text-sm text-bone-200">
          <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blood-400" />
          <span>
            {start} – {end}
          </span>
        </p>
        <NamedWinners winners={contest.named_winners} className="mt-2" />
        <div className="mt-auto flex flex-wrap gap-2 pt-5">
          <Link to={paths.admin.contestGroups(contest.id)} className={buttonClass('outline', 'sm')}>
            <Trans>View Groups</Trans>
          </Link>
          {canEdit ? (
            <Link to={paths.admin.editContest(contest.id)} className={buttonClass('ghost', 'sm')}>
              <Trans>Edit Contest</Trans>
            </Link>
          ) : null}
        </div>
      </article>
    </li>
  );
}

function CurrentContestGroups({ contest }: { contest: Contest | undefined }) {
  const ct = useContractText();
  const groups = useGetContestGroupsQuery({ contestId: contest?.id ?? 0, skip: 0, limit: CURRENT_GROUPS }, { skip: !contest });
  if (!contest) return <p className="rounded-xl border border-night-700 bg-night-900/80 p-6 text-center text-bone-200">{ct(M.noCurrent)}</p>;
  const name = contest.name;
  const capacity = contest.group_capacity;
  return (
    <div>
      <p className="mb-4 text-bone-200">
        <Trans>
          <span className="font-semibold text-bone-50">{name}</span> · {capacity} contestants per group
        </Trans>
      </p>
      {groups.isError ? (
        <ErrorPanel message={ct(failureText(groups.error, M.loadFailed))}>
          <Button variant="outline" onClick={() => void groups.refetch()}>
            <Trans>Try Again</Trans>
          </Button>
        </ErrorPanel>
      ) : !groups.data ? (
        <GroupsSkeleton />
      ) : groups.data.items.length === 0 ? (
        <p className="rounded-xl border border-night-700 bg-night-900/80 p-6 text-center text-bone-200">
          <Trans>No groups yet: they are created as contestants join.</Trans>
        </p>
      ) : (
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {groups.data.items.map((group) => (
            <GroupCard key={group.id} group={group} />
          ))}
        </div>
      )}
    </div>
  );
}

/** The open support messages, linking to the inbox filtered to them. */
function OpenMessagesCard() {
  const { data, isError } = useGetSupportSummaryQuery();
  const count = isError ? '—' : data ? formatCount(data.open_count) : '…';
  return (
    <Link
      to={paths.admin.messages({ query: { status: 'open' } })}
      className="mb-10 flex items-center gap-4 rounded-xl border border-night-700 bg-night-900/90 p-5 shadow-xl transition-colors hover:border-blood-400 focus-visible:outline-3 focus-visible:outline-blood-400 sm:max-w-sm"
    >
      <Inbox aria-hidden="true" className="size-8 shrink-0 text-blood-400" />
      <span>
        <span className="block text-xs font-semibold uppercase tracking-wider text-bone-400">
          <Trans>Open messages</Trans>
        </span>
        <span className="block font-display text-3xl font-bold tabular-nums text-bone-50" aria-busy={!data && !isError}>
          {count}
        </span>
      </span>
    </Link>
  );
}

export function AdminDashboardPage() {
  const { data, isLoading, isError, error, refetch } = useGetAdminContestsQuery({ skip: 0, limit: DASHBOARD_CONTESTS });
  const current = data?.items.find((c) => c.is_current);
  const role = useStaffRole();
  const canEdit = useStaffCan(contestsEndpoints.updateContest.staff);
  const canCreate = useStaffCan(contestsEndpoints.createContest.staff);
  const canReadMessages = useStaffCan(supportEndpoints.getSupportSummary.staff);
  const { t } = useLingui();
  const ct = useContractText();

  let content;
  if (isLoading) {
    content = (
      <SkeletonGroup className="grid gap-5 md:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-40 rounded-xl" />
        ))}
      </SkeletonGroup>
    );
  } else if (isError || !data) {
    content = (
      <ErrorPanel message={ct(failureText(error, M.loadFailed))}>
        <Button variant="outline" onClick={() => void refetch()}>
          <Trans>Try Again</Trans>
        </Button>
      </ErrorPanel>
    );
  } else {
    content = (
      <div className="space-y-12">
        <section aria-labelledby="dash-contests">
          <div className="mb-4 flex items-center justify-between gap-3">
            <h2 id="dash-contests" className="font-display text-2xl font-bold text-bone-50">
              <Trans>Contests</Trans>
            </h2>
            <Link to={paths.admin.contests()} className="text-sm font-semibold text-blood-300 hover:text-blood-400">
              <Trans>Manage all contests</Trans>
            </Link>
          </div>
          {data.items.length === 0 ? (
            <p className="rounded-xl border border-night-700 bg-night-900/80 p-6 text-center text-bone-200">
              {canCreate ? t`No contests yet. Create the first one to get started.` : t`No contests yet.`}
            </p>
          ) : (
            <ul className="grid gap-5 md:grid-cols-2">
              {data.items.map((contest) => (
                <ContestItem key={contest.id} contest={contest} canEdit={canEdit} />
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="dash-groups">
          <h2 id="dash-groups" className="mb-4 font-display text-2xl font-bold text-bone-50">
            <Trans>Current Contest Groups</Trans>
          </h2>
          <CurrentContestGroups contest={current} />
        </section>
      </div>
    );
  }

  const roleLabel = role ? ct(STAFF_ROLE_LABELS[role]) : null;
  return (
    <PageSection>
      <PageHeader
        title={t`Admin Dashboard`}
        subtitle={
          <>
            <Trans>Run the season: contests, groups and contestants.</Trans>
            {roleLabel ? (
              <span className="mt-1 block text-sm text-bone-400">
                <Trans>Your staff role: {roleLabel}</Trans>
              </span>
            ) : null}
          </>
        }
        actions={
          canCreate ? (
            <Link to={paths.admin.createContest()} className={buttonClass('primary')}>
              <Plus aria-hidden="true" className="size-4" /> <Trans>Create New Contest</Trans>
            </Link>
          ) : null
        }
      />
      {canReadMessages ? <OpenMessagesCard /> : null}
      {content}
      <OwnAccountSection />
    </PageSection>
  );
}
