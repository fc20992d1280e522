// /admin/contests: 10 a page, at most five page
// numbers, status badge toggles is_active, 'Set as current', edit, delete after the confirmation question;
// a staff role that may not edit contests sees the list and the statuses without their switches.
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
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useDeleteContestMutation } from '../api/delete-contest';
import { useGetAdminContestsQuery } from '@/lib/api/get-admin-contests';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { useContestFlags } from '../hooks/use-contest-flags';

export const CONTESTS_PAGE_SIZE = 10;

const COLUMNS = ['Name', 'Status', 'Current', 'Start Date', 'End Date', 'Groups', <span className="sr-only">Actions</span>];

export function AdminContestsPage() {
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
      notify.success(M.deleted);
    } catch (e) {
      notify.error(`${M.deleteFailed}${describeError(e)}`);
    }
    setToDelete(null);
  };

  let body;
  if (isLoading) body = <TableSkeleton columns={COLUMNS.length} />;
  else if (isError) {
    body = (
      <ErrorPanel message={`${M.fetchFailed}${describeError(error)}`}>
        <Button variant="outline" onClick={() => void refetch()}>
          Try Again
        </Button>
      </ErrorPanel>
    );
  } else if (!data?.items.length) {
    body = (
      <div className="rounded-xl border border-night-700 bg-night-900/80 p-10 text-center text-bone-200">
        <p>No contests yet.</p>
        {canCreate ? (
          <Link to={paths.admin.createContest()} className={buttonClass('primary', 'md', 'mt-4')}>
            Create New Contest
          </Link>
        ) : null}
      </div>
    );
  } else {
    body = (
      <>
        <Table caption="Contests" columns={COLUMNS} minWidth="md:min-w-[56rem]">
          {data.items.map((contest) => (
            <tr key={contest.id} className={rowClass}>
              <Td className="md:max-w-64">
                <Link to={paths.admin.contest(contest.id)} className="font-semibold text-bone-50 hover:text-blood-300">
                  {contest.name}
                </Link>
              </Td>
              <Td label="Status">
                {canEdit ? (
                  <StatusToggle
                    active={contest.is_active}
                    subject={contest.name}
                    pending={pendingId === contest.id}
                    onToggle={asyncHandler(() => toggleActive(contest))}
                  />
                ) : (
                  <Badge tone={contest.is_active ? 'green' : 'gray'}>{contest.is_active ? 'Active' : 'Inactive'}</Badge>
                )}
              </Td>
              <Td label="Current">
                {contest.is_current ? (
                  <Badge tone="amber">Current</Badge>
                ) : !canEdit ? (
                  <span className="text-bone-400">—</span>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    className="whitespace-nowrap"
                    disabled={pendingId === contest.id}
                    onClick={asyncHandler(() => makeCurrent(contest))}
                    aria-label={`Set as current: ${contest.name}`}
                  >
                    Set as current
                  </Button>
                )}
              </Td>
              <Td label="Start Date" className="whitespace-nowrap">
                {formatZonedDateTime(contest.start_date, contest.time_zone) || 'Not set'}
              </Td>
              <Td label="End Date" className="whitespace-nowrap">
                {formatZonedDateTime(contest.end_date, contest.time_zone) || 'Not set'}
              </Td>
              <Td label="Groups" className="tabular-nums">
                {contest.group_count}
              </Td>
              <Td>
                <div className="flex w-full justify-end gap-2">
                  {canEdit ? (
                    <Link to={paths.admin.editContest(contest.id)} className={buttonClass('ghost', 'sm')} aria-label={`Edit ${contest.name}`}>
                      <Pencil aria-hidden="true" className="size-4" /> Edit
                    </Link>
                  ) : null}
                  {canDelete ? (
                    <Button variant="ghost" size="sm" onClick={() => setToDelete(contest)} aria-label={`Delete ${contest.name}`}>
                      <Trash2 aria-hidden="true" className="size-4" /> Delete
                    </Button>
                  ) : null}
                </div>
              </Td>
            </tr>
          ))}
        </Table>
        <p className="mt-4 text-center text-sm text-bone-400">
          {data.total} {data.total === 1 ? 'contest' : 'contests'} · Page {Math.min(page, pageCount)} of {pageCount}
        </p>
        <Pager page={page} pageCount={pageCount} onPageChange={setPage} label="Contest pages" />
      </>
    );
  }

  return (
    <PageSection>
      <PageHeader
        title="Contests"
        subtitle="Create contests, switch them on and off, and choose the current one."
        actions={
          canCreate ? (
            <Link to={paths.admin.createContest()} className={buttonClass('primary')}>
              <Plus aria-hidden="true" className="size-4" /> Create New Contest
            </Link>
          ) : null
        }
      />
      {body}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Contest"
        message={<p>{M.deleteConfirm}</p>}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deleting}
        onConfirm={asyncHandler(onDelete)}
        onCancel={() => setToDelete(null)}
      />
    </PageSection>
  );
}
