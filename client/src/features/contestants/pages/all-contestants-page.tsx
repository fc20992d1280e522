// /admin/all-contestants: search, 10 a page, View and Delete
// with 'Confirm Deletion' (Delete only for a staff role that may delete accounts). Rank is the contestant's place in their group of the current contest
// (not "votes plus 1", a placeholder: docs/product.md#notes-on-the-spec).
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Eye, Search, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminContestantItem } from '#contract/contests/answers';
import { deleteUserQuestion, GROUP_ADMIN_MESSAGES as G } from '#contract/contests/messages';
import { profilesEndpoints } from '#contract/profiles/endpoints';
import { inputClass } from '@/components/form/field-styles';
import { Avatar } from '@/components/layout/avatar';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageHeader, PageSection } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { rowClass, Table, Td } from '@/components/ui/table';
import { pageCountOf, usePageParam } from '@/hooks/use-page-param';
import { errorDetail } from '@/lib/api/api-error';
import { asyncHandler } from '@/lib/async-handler';
import { useStaffCan } from '@/lib/auth/staff';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useDeleteUserMutation } from '../api/delete-user';
import { useGetContestantsQuery } from '../api/get-contestants';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { useSearchParam } from '../hooks/use-search-param';
import { formatCount } from '@/lib/numbers';

export const CONTESTANTS_PAGE_SIZE = 10;
export function AllContestantsPage() {
  const { t } = useLingui();
  const ct = useContractText();
  const COLUMNS = [t`Contestant`, t`Username`, t`Votes`, t`Rank`, t`Actions`];
  const [text, setText, q] = useSearchParam();
  const [page, setPage] = usePageParam();
  const { data, isLoading, isFetching, isError, error, refetch } = useGetContestantsQuery({
    q,
    skip: (page - 1) * CONTESTANTS_PAGE_SIZE,
    limit: CONTESTANTS_PAGE_SIZE,
  });
  const [deleteUser, { isLoading: deleting }] = useDeleteUserMutation();
  const [target, setTarget] = useState<AdminContestantItem | null>(null);
  const canDelete = useStaffCan(profilesEndpoints.deleteUser.staff);
  const pageCount = pageCountOf(data?.total ?? 0, CONTESTANTS_PAGE_SIZE);

  useEffect(() => {
    if (data && !isFetching && page > pageCount) setPage(pageCount);
  }, [data, isFetching, page, pageCount, setPage]);

  const onDelete = async () => {
    if (!target) return;
    try {
      await deleteUser(target.user_id).unwrap();
      notify.success(ct(G.userDeleted));
    } catch (e) {
      notify.error(ct(errorDetail(e) ?? G.userDeleteFailed));
    }
    setTarget(null);
  };

  let body;
  if (isLoading) body = <TableSkeleton columns={COLUMNS.length} />;
  else if (isError) {
    body = (
      <ErrorPanel message={ct(errorDetail(error) ?? G.contestantsLoadFailed)}>
        <Button variant="outline" onClick={() => void refetch()}>
          <Trans>Try Again</Trans>
        </Button>
      </ErrorPanel>
    );
  } else if (!data?.items.length) {
    body = (
      <div className="rounded-xl border border-night-700 bg-night-900/80 p-10 text-center text-bone-200">
        {q ? t`No contestants match "${q}".` : t`No contestants yet.`}
      </div>
    );
  } else {
    const total = data.total;
    const shownPage = Math.min(page, pageCount);
    body = (
      <>
        <Table caption={t`Contestants`} columns={COLUMNS}>
          {data.items.map((c) => {
            const username = c.username;
            const groupNumber = c.group_number;
            return (
              <tr key={c.id} className={rowClass}>
                <Td>
                  <div className="flex items-center gap-3">
                    <Avatar username={c.username} pictureUrl={c.picture_url ?? undefined} />
                    <div className="min-w-0">
                      <p className="truncate font-semibold text-bone-50">
                        {c.first_name} {c.last_name}
                      </p>
                      <p className="truncate text-xs text-bone-400">{c.email}</p>
                    </div>
                  </div>
                </Td>
                <Td label={t`Username`}>@{c.username}</Td>
                <Td label={t`Votes`} className="tabular-nums">
                  {formatCount(c.total_votes)}
                </Td>
                <Td label={t`Rank`} className="tabular-nums">
                  {c.rank === null ? (
                    <span aria-label={t`Not in the current contest`} title={t`Not in the current contest`}>
                      —
                    </span>
                  ) : (
                    <span>
                      #{c.rank}
                      {groupNumber !== null ? <span className="ml-1 text-xs text-bone-400">{t`(Group ${groupNumber})`}</span> : null}
                    </span>
                  )}
                </Td>
                <Td>
                  <div className="flex w-full justify-end gap-2 md:justify-start">
                    <Link to={paths.profile(c.username)} className={buttonClass('ghost', 'sm')} aria-label={t`View ${username}`}>
                      <Eye aria-hidden="true" className="size-4" /> <Trans>View</Trans>
                    </Link>
                    {canDelete ? (
                      <Button variant="ghost" size="sm" onClick={() => setTarget(c)} aria-label={t`Delete ${username}`}>
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
          {t`${plural(total, { one: '# contestant', other: '# contestants' })} · Page ${shownPage} of ${pageCount}`}
        </p>
        <Pager page={page} pageCount={pageCount} onPageChange={setPage} label={t`Contestant pages`} />
      </>
    );
  }

  return (
    <PageSection>
      <PageHeader title={t`Contestant Management`} subtitle={t`Find contestants, open their profiles, or remove an account.`} />
      <div className="relative mb-6 max-w-md">
        <label htmlFor="contestant-search" className="sr-only">
          <Trans>Search contestants</Trans>
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-bone-400" />
        <input
          id="contestant-search"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t`Search by name or username...`}
          className={`${inputClass(false)} pl-9`}
        />
      </div>
      {body}
      <ConfirmDialog
        open={target !== null}
        title={t`Confirm Deletion`}
        message={<p>{ct(deleteUserQuestion(target?.username ?? ''))}</p>}
        confirmLabel={t`Delete Permanently`}
        pendingLabel={t`Deleting...`}
        pending={deleting}
        onConfirm={asyncHandler(onDelete)}
        onCancel={() => setTarget(null)}
      />
    </PageSection>
  );
}
