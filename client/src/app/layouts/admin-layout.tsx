// Superusers only (the admin layout, docs/product.md#who-can-do-what); everyone else gets the permission 404 in their own frame.
// An owner whom the server holds to two-factor sign-in (STAFF_2FA=required) is sent to its setup page.
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { AdminShell, ContestantShell, PublicShell } from '@/components/layout/shells';
import { selectAuth } from '@/lib/auth/auth-slice';
import { paths } from '@/lib/paths';
import { useAppSelector } from '@/lib/store/hooks';
import { AdminOnlyPage } from '@/features/errors/pages/no-permission-pages';

export function AdminLayout() {
  const { isAuthenticated, isSuperuser, twoFactorSetupRequired } = useAppSelector(selectAuth);
  const { pathname } = useLocation();
  if (isSuperuser && twoFactorSetupRequired && pathname !== paths.admin.twoFactor()) {
    return <Navigate to={paths.admin.twoFactor()} replace />;
  }
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
