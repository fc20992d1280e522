// /admin/contests/{id}/groups: New Group, View Contestants, the
// status badge toggles is_active, capacity `count / capacity` with a bar on the same capacity. New Group
// and the toggles show only for a staff role that may edit contests.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ContestGroup } from '#contract/contests/answers';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { CONTEST_MESSAGES as M } from '#contract/contests/messages';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-styles';
import { ErrorPanel } from '@/components/ui/error-panel';
import { BackLink, PageHeader, PageSection } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { pageCountOf, usePageParam } from '@/hooks/use-page-param';
import { describeError } from '@/lib/api/api-error';
import { asyncHandler } from '@/lib/async-handler';
import { useStaffCan } from '@/lib/auth/staff';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useGetAdminContestQuery } from '@/lib/api/get-admin-contest';
import { useGetContestGroupsQuery } from '@/lib/api/get-contest-groups';
import { useUpdateGroupMutation } from '../api/update-group';
import { GroupCard } from '@/components/contest/group-card';
import { GroupEmbed } from '../components/group-embed';
import { GroupsSkeleton } from '@/components/contest/groups-skeleton';
import { useContestIdParam } from '@/hooks/use-id-param';

export const GROUPS_PAGE_SIZE = 24;

export function ContestGroupsPage() {
  const contestId = useContestIdParam() ?? 0;
  const [page, setPage] = usePageParam();
  const contest = useGetAdminContestQuery(contestId, { skip: !contestId });
  const groups = useGetContestGroupsQuery({ contestId, skip: (page - 1) * GROUPS_PAGE_SIZE, limit: GROUPS_PAGE_SIZE }, { skip: !contestId });
  const [updateGroup] = useUpdateGroupMutation();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const canCreate = useStaffCan(contestsEndpoints.createGroup.staff);
  const canToggle = useStaffCan(contestsEndpoints.updateGroup.staff);
  const { t } = useLingui();
  const ct = useContractText();

  const onToggle = async (group: ContestGroup) => {
    setPendingId(group.id);
    try {
      await updateGroup({ id: group.id, is_active: !group.is_active }).unwrap();
      const groupNumber = group.group_number;
      notify.success(group.is_active ? t`Group ${groupNumber} deactivated` : t`Group ${groupNumber} activated`);
    } catch (error) {
      notify.error(`${ct(M.groupStatusFailed)}${ct(describeError(error))}`);
    } finally {
      setPendingId(null);
    }
  };

  const failed = !contestId ? { status: 404, detail: M.notFound } : (contest.error ?? groups.error);
  const pageCount = pageCountOf(groups.data?.total ?? 0, GROUPS_PAGE_SIZE);
  let body;
  if (failed) {
    body = (
      <ErrorPanel message={`${ct(M.fetchDataFailed)}${ct(describeError(failed))}`}>
        <Button
          variant="outline"
          onClick={() => {
            contest.refetch();
            groups.refetch();
          }}
        >
          <Trans>Try Again</Trans>
        </Button>
      </ErrorPanel>
    );
  } else if (groups.isLoading || contest.isLoading) body = <GroupsSkeleton />;
  else if (!groups.data?.items.length) {
    body = (
      <div className="rounded-xl border border-night-700 bg-night-900/80 p-10 text-center text-bone-200">
        <p>
          {canCreate
            ? t`This contest has no groups yet. Groups are created as contestants join, or add one now.`
            : t`This contest has no groups yet. Groups are created as contestants join.`}
        </p>
      </div>
    );
  } else {
    const total = groups.data.total;
    const capacity = contest.data?.group_capacity;
    body = (
      <>
        <p className="mb-4 text-sm text-bone-400">{t`${plural(total, { one: '# group', other: '# groups' })} · ${capacity} contestants per group`}</p>
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {groups.data.items.map((group) => (
            <GroupCard
              key={group.id}
              group={group}
              onToggle={canToggle ? asyncHandler(onToggle) : undefined}
              pending={pendingId === group.id}
              headingLevel={2}
            />
          ))}
        </div>
        <Pager page={page} pageCount={pageCount} onPageChange={setPage} label={t`Group pages`} />
        <GroupEmbed groups={groups.data.items} />
      </>
    );
  }

  return (
    <PageSection>
      <PageHeader
        back={
          <BackLink to={contestId ? paths.admin.contest(contestId) : paths.admin.contests()}>
            <Trans>Back to Contest</Trans>
          </BackLink>
        }
        title={t`Groups`}
        subtitle={contest.data?.name}
        actions={
          contestId && canCreate ? (
            <Link to={paths.admin.newGroup(contestId)} className={buttonClass('primary')}>
              <Plus aria-hidden="true" className="size-4" /> <Trans>New Group</Trans>
            </Link>
          ) : null
        }
      />
      {body}
    </PageSection>
  );
}
