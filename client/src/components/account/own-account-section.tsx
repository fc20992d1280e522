// The signed-in account's own data on a page that does not load the account itself (the admin
// dashboard): the pending deletion's notice and the "Your data" card, once the account is read.
import { MyDataCard } from '@/components/account/my-data-card';
import { DeletionPendingBanner } from '@/components/account/deletion-pending-banner';
import { useGetCurrentUserQuery } from '@/lib/api/current-user';
import { selectUser } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';

export function OwnAccountSection() {
  const user = useAppSelector(selectUser);
  const username = user?.username ?? '';
  const { currentData: me } = useGetCurrentUserQuery(username, { skip: !username });
  if (!me) return null;
  return (
    <div className="mt-12 max-w-xl">
      <DeletionPendingBanner dueAt={me.deletion_due_at} />
      <MyDataCard username={me.username} deletionDueAt={me.deletion_due_at} />
    </div>
  );
}
