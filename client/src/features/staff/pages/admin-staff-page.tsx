// /admin/staff (owners): who holds a staff role, with their second factor and last sign-in; an owner
// grants a role by username, changes one in place, or revokes one after a confirmation.
import { Trans, useLingui } from '@lingui/react/macro';
import { RefreshCw } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageHeader, PageSection } from '@/components/ui/page-header';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { errorDetail } from '@/lib/api/api-error';
import { selectUser } from '@/lib/auth/auth-slice';
import { useContractText } from '@/lib/i18n/contract-text';
import { useAppSelector } from '@/lib/store/hooks';
import { useListStaffQuery } from '../api/list-staff';
import { GrantRoleForm } from '../components/grant-role-form';
import { STAFF_COLUMNS, StaffTable } from '../components/staff-table';

export function AdminStaffPage() {
  const { data, isLoading, isFetching, error, refetch } = useListStaffQuery();
  const me = useAppSelector(selectUser)?.username;
  const heading = useRef<HTMLHeadingElement>(null);
  const { t } = useLingui();
  const ct = useContractText();

  let list;
  if (isLoading) list = <TableSkeleton columns={STAFF_COLUMNS.length} rows={3} />;
  else if (!data) {
    const detail = errorDetail(error);
    list = (
      <ErrorPanel message={detail ? ct(detail) : t`Could not load the staff list`}>
        <Button variant="outline" onClick={() => void refetch()}>
          <Trans>Try Again</Trans>
        </Button>
      </ErrorPanel>
    );
  } else if (data.items.length === 0) {
    list = (
      <div className="rounded-xl border border-night-700 bg-night-900/80 p-10 text-center text-bone-200">
        <Trans>No account holds a staff role yet.</Trans>
      </div>
    );
  } else {
    list = <StaffTable members={data.items} me={me} listHeading={heading} />;
  }

  return (
    <PageSection width="max-w-7xl">
      <PageHeader
        title={t`Staff`}
        subtitle={<Trans>Who runs the site and what each role may do. Owners grant, change and revoke roles.</Trans>}
        actions={
          <Button variant="outline" onClick={() => void refetch()} disabled={isFetching} aria-busy={isFetching}>
            <RefreshCw aria-hidden="true" className="size-4" /> {isFetching ? t`Refreshing...` : t`Refresh`}
          </Button>
        }
      />
      <div className="space-y-10">
        <section aria-labelledby="staff-list-heading" className="min-w-0">
          <h2 id="staff-list-heading" ref={heading} tabIndex={-1} className="mb-4 font-display text-xl font-bold text-bone-50 focus:outline-none">
            <Trans>Staff members</Trans>
            {data ? <span className="ml-2 text-base font-normal text-bone-400">({data.items.length})</span> : null}
          </h2>
          {list}
        </section>
        <GrantRoleForm />
      </div>
    </PageSection>
  );
}
