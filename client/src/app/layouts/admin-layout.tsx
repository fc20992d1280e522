// Superusers only (the admin layout, docs/product.md#who-can-do-what); everyone else gets the permission 404 in their own frame.
import { Outlet } from 'react-router-dom';
import { AdminShell, ContestantShell, PublicShell } from '@/components/layout/shells';
import { selectAuth } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';
import { AdminOnlyPage } from '@/features/errors/pages/no-permission-pages';

export function AdminLayout() {
  const { isAuthenticated, isSuperuser } = useAppSelector(selectAuth);
  if (isSuperuser) {
    return (
      <AdminShell>
        <Outlet />
      </AdminShell>
    );
  }
  const Shell = isAuthenticated ? ContestantShell : PublicShell;
  return (
    <Shell>
      <AdminOnlyPage signedIn={isAuthenticated} />
    </Shell>
  );
}
