// /admin/contests: 10 a page, at most five page
// numbers, status badge toggles is_active, 'Set as current', edit, delete after the confirmation question;
// a staff role that may not edit contests sees the list and the statuses without their switches.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Contest } from '#contract/contests/answers';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { CONTEST_MESSAGES as M } from '#contract/contests/messages';
import { Badge, StatusToggle } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageHeader, PageSection } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { rowClass, Table, Td } from '@/components/ui/table';
import { pageCountOf, usePageParam } from '@/hooks/use-page-param';
import { describeError } from '@/lib/api/api-error';
import { asyncHandler } from '@/lib/async-handler';
import { useStaffCan } from '@/lib/auth/staff';
import { formatZonedDateTime } from '@/lib/dates';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useDeleteContestMutation } from '../api/delete-contest';
import { useGetAdminContestsQuery } from '@/lib/api/get-admin-contests';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { useContestFlags } from '../hooks/use-contest-flags';

export const CONTESTS_PAGE_SIZE = 10;

export function AdminContestsPage() {
  const { t } = useLingui();
  const ct = useContractText();
  const COLUMNS = [
    t`Name`,
    t`Status`,
    t`Current`,
    t`Start Date`,
    t`End Date`,
    t`Groups`,
    <span key="actions" className="sr-only">
      <Trans>Actions</Trans>
    </span>,
  ];
  const [page, setPage] = usePageParam();
  const { data, isLoading, isFetching, isError, error, refetch } = useGetAdminContestsQuery({
    skip: (page - 1) * CONTESTS_PAGE_SIZE,
    limit: CONTESTS_PAGE_SIZE,
  });
  const { pendingId, toggleActive, makeCurrent } = useContestFlags();
  const [deleteContest, { isLoading: deleting }] = useDeleteContestMutation();
  const [toDelete, setToDelete] = useState<Contest | null>(null);
  const pageCount = pageCountOf(data?.total ?? 0, CONTESTS_PAGE_SIZE);
  const canCreate = useStaffCan(contestsEndpoints.createContest.staff);
  const canEdit = useStaffCan(contestsEndpoints.updateContest.staff);
  const canDelete = useStaffCan(contestsEndpoints.deleteContest.staff);

  // After a delete empties the last page, show the new last page.
  useEffect(() => {
    if (data && !isFetching && page > pageCount) setPage(pageCount);
  }, [data, isFetching, page, pageCount, setPage]);

  const onDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteContest(toDelete.id).unwrap();
      notify.success(ct(M.deleted));
    } catch (e) {
      notify.error(`${ct(M.deleteFailed)}${ct(describeError(e))}`);
    }
    setToDelete(null);
  };

  let body;
  if (isLoading) body = <TableSkeleton columns={COLUMNS.length} />;
  else if (isError) {
    body = (
      <ErrorPanel message={`${ct(M.fetchFailed)}${ct(describeError(error))}`}>
        <Button variant="outline" onClick={() => void refetch()}>
          <Trans>Try Again</Trans>
        </Button>
      </ErrorPanel>
    );
  } else if (!data?.items.length) {
    body = (
      <div className="rounded-xl border border-night-700 bg-night-900/80 p-10 text-center text-bone-200">
        <p>
          <Trans>No contests yet.</Trans>
        </p>
        {canCreate ? (
          <Link to={paths.admin.createContest()} className={buttonClass('primary', 'md', 'mt-4')}>
            <Trans>Create New Contest</Trans>
          </Link>
        ) : null}
      </div>
    );
  } else {
    const total = data.total;
    const shownPage = Math.min(page, pageCount);
    body = (
      <>
        <Table caption={t`Contests`} columns={COLUMNS} minWidth="md:min-w-[56rem]">
          {data.items.map((contest) => {
            const name = contest.name;
            return (
              <tr key={contest.id} className={rowClass}>
                <Td className="md:max-w-64">
                  <Link to={paths.admin.contest(contest.id)} className="font-semibold text-bone-50 hover:text-blood-300">
                    {contest.name}
                  </Link>
                </Td>
                <Td label={t`Status`}>
                  {canEdit ? (
                    <StatusToggle
                      active={contest.is_active}
                      subject={contest.name}
                      pending={pendingId === contest.id}
                      onToggle={asyncHandler(() => toggleActive(contest))}
                    />
                  ) : (
                    <Badge tone={contest.is_active ? 'green' : 'gray'}>{contest.is_active ? t`Active` : t`Inactive`}</Badge>
                  )}
                </Td>
                <Td label={t`Current`}>
                  {contest.is_current ? (
                    <Badge tone="amber">
                      <Trans>Current</Trans>
                    </Badge>
                  ) : !canEdit ? (
                    <span className="text-bone-400">—</span>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      className="whitespace-nowrap"
                      disabled={pendingId === contest.id}
                      onClick={asyncHandler(() => makeCurrent(contest))}
                      aria-label={t`Set as current: ${name}`}
                    >
                      <Trans>Set as current</Trans>
                    </Button>
                  )}
                </Td>
                <Td label={t`Start Date`} className="whitespace-nowrap">
                  {formatZonedDateTime(contest.start_date, contest.time_zone) || t`Not set`}
                </Td>
                <Td label={t`End Date`} className="whitespace-nowrap">
                  {formatZonedDateTime(contest.end_date, contest.time_zone) || t`Not set`}
                </Td>
                <Td label={t`Groups`} className="tabular-nums">
                  {contest.group_count}
                </Td>
                <Td>
                  <div className="flex w-full justify-end gap-2">
                    {canEdit ? (
                      <Link to={paths.admin.editContest(contest.id)} className={buttonClass('ghost', 'sm')} aria-label={t`Edit ${name}`}>
                        <Pencil aria-hidden="true" className="size-4" /> <Trans>Edit</Trans>
                      </Link>
                    ) : null}
                    {canDelete ? (
                      <Button variant="ghost" size="sm" onClick={() => setToDelete(contest)} aria-label={t`Delete ${name}`}>
                        <Trash2 aria-hidden="true" className="size-4" /> <Trans>Delete</Trans>
                      </Button>
                    ) : null}
                  </div>
                </Td>
              </tr>
            );
          })}
        </Table>
        <p className="mt-4 text-center text-sm text-bone-400">
          {t`${plural(total, { one: '# contest', other: '# contests' })} · Page ${shownPage} of ${pageCount}`}
        </p>
        <Pager page={page} pageCount={pageCount} onPageChange={setPage} label={t`Contest pages`} />
      </>
    );
  }

  return (
    <PageSection>
      <PageHeader
        title={t`Contests`}
        subtitle={t`Create contests, switch them on and off, and choose the current one.`}
        actions={
          canCreate ? (
            <Link to={paths.admin.createContest()} className={buttonClass('primary')}>
              <Plus aria-hidden="true" className="size-4" /> <Trans>Create New Contest</Trans>
            </Link>
          ) : null
        }
      />
      {body}
      <ConfirmDialog
        open={toDelete !== null}
        title={t`Delete Contest`}
        message={<p>{ct(M.deleteConfirm)}</p>}
        confirmLabel={t`Delete`}
        pendingLabel={t`Deleting...`}
        pending={deleting}
        onConfirm={asyncHandler(onDelete)}
        onCancel={() => setToDelete(null)}
      />
    </PageSection>
  );
}
