// /admin/contests/{id}/groups/{groupId}/contestants (ranks by sorted position, without ties):
// 20 a page, Group Full / Open Spots, Eliminate (one way) for active entries, shown only to a staff role
// that may edit contests.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ContestEntryItem } from '#contract/contests/answers';
import { rooms } from '#contract/live/events';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { GROUP_ADMIN_MESSAGES as G } from '#contract/contests/messages';
import { Avatar } from '@/components/layout/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LiveNumber } from '@/components/ui/live-number';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorPanel } from '@/components/ui/error-panel';
import { BackLink, PageHeader, PageSection } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { ProgressBar } from '@/components/ui/progress-bar';
import { rowClass, Table, Td } from '@/components/ui/table';
import { pageCountOf, usePageParam } from '@/hooks/use-page-param';
import { errorDetail, failureText } from '@/lib/api/api-error';
import { asyncHandler } from '@/lib/async-handler';
import { useStaffCan } from '@/lib/auth/staff';
import { contractText, useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';
import { useLiveRooms } from '@/lib/realtime/use-live-rooms';
import { notify } from '@/lib/toast';
import { useEliminateEntryMutation } from '../api/eliminate-entry';
import { useGetGroupContestantsQuery } from '../api/get-group-contestants';
import { GroupVotesChart } from '../components/group-votes-chart';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { useContestIdParam, useGroupIdParam } from '@/hooks/use-id-param';

export const GROUP_CONTESTANTS_PAGE_SIZE = 20;
export function GroupContestantsPage() {
  const { t, i18n } = useLingui();
  const ct = useContractText();
  const COLUMNS = [t`Rank`, t`Contestant`, t`Votes`, t`Status`, t`Actions`];
  const contestId = useContestIdParam();
  const groupId = useGroupIdParam();
  const groupsPath = contestId ? paths.admin.contestGroups(contestId) : paths.admin.contests();
  const navigate = useNavigate();
  const [page, setPage] = usePageParam();
  const { data: group, isLoading, isError, error } = useGetGroupContestantsQuery(groupId ?? 0, { skip: groupId === null });
  const [eliminate, { isLoading: eliminating }] = useEliminateEntryMutation();
  const [target, setTarget] = useState<ContestEntryItem | null>(null);
  const failed = groupId === null || isError;
  const canEliminate = useStaffCan(contestsEndpoints.eliminateEntry.staff);
  // Votes, standings and eliminations of this group arrive live (issue: votes and live standings).
  useLiveRooms(groupId === null ? [] : [rooms.group(groupId)]);

  useEffect(() => {
    if (failed) notify.error(contractText(failureText(error, G.groupContestantsToast), i18n));
  }, [failed, error, i18n]);

  const targetName = target?.username ?? '';
  const onEliminate = async () => {
    if (!target || groupId === null) return;
    try {
      await eliminate({ entryId: target.id, groupId }).unwrap();
      notify.success(ct(G.eliminated));
    } catch (e) {
      notify.error(ct(failureText(e, G.eliminateFailed)));
    }
    setTarget(null);
  };

  const back = (
    <BackLink to={groupsPath}>
      <Trans>Back to Groups</Trans>
    </BackLink>
  );
  if (failed) {
    return (
      <PageSection width="max-w-3xl">
        <PageHeader back={back} title={t`Group Contestants`} />
        <ErrorPanel message={ct((groupId === null ? G.groupNotFound : errorDetail(error)) ?? G.groupLoadFailed)}>
          <Button variant="outline" onClick={() => void navigate(groupsPath)}>
            <Trans>Go Back</Trans>
          </Button>
        </ErrorPanel>
      </PageSection>
    );
  }
  if (isLoading || !group) {
    return (
      <PageSection>
        <PageHeader back={back} title={t`Group Contestants`} />
        <TableSkeleton columns={COLUMNS.length} />
      </PageSection>
    );
  }

  const entries = group.contestant_entries;
  const pageCount = pageCountOf(entries.length, GROUP_CONTESTANTS_PAGE_SIZE);
  const current = Math.min(page, pageCount);
  const rows = entries.slice((current - 1) * GROUP_CONTESTANTS_PAGE_SIZE, current * GROUP_CONTESTANTS_PAGE_SIZE);
  const groupNumber = group.group_number;
  const count = entries.length;
  const title = t`Group ${groupNumber} Contestants`;

  return (
    <PageSection>
      <PageHeader
        back={back}
        title={title}
        subtitle={<span>{t`${plural(count, { one: '# contestant', other: '# contestants' })} · Page ${current} of ${pageCount}`}</span>}
        actions={
          <div className="w-full min-w-56 rounded-xl border border-night-700 bg-night-900/90 p-4 sm:w-64">
            <div className="flex items-center justify-between gap-3">
              <span className="text-sm text-bone-400">
                <Trans>Capacity</Trans>
              </span>
              <span className="font-semibold tabular-nums text-bone-50">
                {group.current_contestants_count} / {group.capacity}
              </span>
            </div>
            <div className="mt-2">
              <ProgressBar value={group.current_contestants_count} max={group.capacity} label={t`Group ${groupNumber} capacity`} />
            </div>
            <div className="mt-3">
              <Badge tone={group.is_full ? 'red' : 'green'}>{group.is_full ? t`Group Full` : t`Open Spots`}</Badge>
            </div>
          </div>
        }
      />
      {entries.length === 0 ? (
        <div className="rounded-xl border border-night-700 bg-night-900/80 p-10 text-center text-bone-200">{ct(G.noContestants)}</div>
      ) : (
        <>
          <Table caption={title} columns={COLUMNS}>
            {rows.map((entry) => {
              const username = entry.username;
              return (
                <tr key={entry.id} className={`${rowClass} ${entry.is_eliminated ? 'opacity-60 grayscale' : ''}`}>
                  <Td label={t`Rank`} className="font-bold tabular-nums text-bone-50">
                    #{entry.rank}
                  </Td>
                  <Td>
                    <div className="flex items-center gap-3">
                      <Avatar username={entry.username} pictureUrl={entry.picture_url ?? undefined} />
                      <div className="min-w-0">
                        <p className="truncate font-semibold text-bone-50">@{entry.username}</p>
                        <p className="truncate text-xs text-bone-400">
                          {entry.first_name} {entry.last_name}
                        </p>
                      </div>
                    </div>
                  </Td>
                  <Td label={t`Votes`}>
                    <LiveNumber value={entry.current_contest_votes} />
                  </Td>
                  <Td label={t`Status`}>
                    <Badge tone={entry.is_eliminated ? 'red' : 'green'}>{entry.is_eliminated ? t`Eliminated` : t`Active`}</Badge>
                  </Td>
                  <Td className="justify-end empty:hidden md:empty:table-cell">
                    {entry.is_eliminated || !canEliminate ? null : (
                      <Button variant="outline" size="sm" onClick={() => setTarget(entry)} aria-label={t`Eliminate ${username}`}>
                        <Trans>Eliminate</Trans>
                      </Button>
                    )}
                  </Td>
                </tr>
              );
            })}
          </Table>
          <Pager page={current} pageCount={pageCount} onPageChange={setPage} label={t`Contestant pages`} />
          {groupId === null ? null : <GroupVotesChart groupId={groupId} groupNumber={group.group_number} />}
        </>
      )}
      <ConfirmDialog
        open={target !== null}
        title={t`Eliminate Contestant`}
        message={<p>{t`Are you sure you want to eliminate ${targetName} from this contest? An elimination cannot be undone.`}</p>}
        confirmLabel={t`Eliminate`}
        pendingLabel={t`Eliminating...`}
        pending={eliminating}
        onConfirm={asyncHandler(onEliminate)}
        onCancel={() => setTarget(null)}
      />
    </PageSection>
  );
}
