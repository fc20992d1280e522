// Staff only (the admin layout, docs/product.md#who-can-do-what); everyone else gets the permission 404 in their own frame.
// Inside, each admin page opens only for a staff role with the permissions its handle names; any other
// role sees why instead of the page (and the page asks the server for nothing).
// An owner whom the server holds to two-factor sign-in (STAFF_2FA=required) is sent to its setup page.
import { useLingui } from '@lingui/react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { AdminShell, ContestantShell, PublicShell } from '@/components/layout/shells';
import { selectAuth } from '@/lib/auth/auth-slice';
import { roleMay } from '@/lib/auth/staff';
import { paths } from '@/lib/paths';
import { useAppSelector } from '@/lib/store/hooks';
import { AdminOnlyPage, StaffDeniedPage } from '@/features/errors/pages/no-permission-pages';
import { handleOf } from '../route-module';

export function AdminLayout() {
  const { isAuthenticated, isSuperuser, staffRole, twoFactorSetupRequired } = useAppSelector(selectAuth);
  const { pathname } = useLocation();
  // The page's handle arrives with its module: until then nothing is asked of the server (the page's fallback shows).
  const page = handleOf(useMatches().at(-1));
  const { i18n } = useLingui();
  if (isSuperuser && twoFactorSetupRequired && pathname !== paths.admin.twoFactor()) {
    return <Navigate to={paths.admin.twoFactor()} replace />;
  }
  if (isSuperuser) {
    return (
      <AdminShell>
        {roleMay(staffRole, page.staff ?? []) ? <Outlet /> : <StaffDeniedPage page={page.title && i18n._(page.title)} role={staffRole} />}
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
