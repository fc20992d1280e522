// Signed-in users only (the contestant layout): visitors go to /login and come back after
// signing in; a superuser sees the permission 404 with a link to the admin dashboard.
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { AdminShell, ContestantShell } from '@/components/layout/shells';
import { selectAuth } from '@/lib/auth/auth-slice';
import { paths } from '@/lib/paths';
import { useAppSelector } from '@/lib/store/hooks';
import { SuperuserDeniedPage } from '@/features/errors/pages/no-permission-pages';

export function ContestantLayout() {
  const { isAuthenticated, isSuperuser } = useAppSelector(selectAuth);
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to={paths.login()} replace state={{ from: location }} />;
  if (isSuperuser) {
    return (
      <AdminShell>
        <SuperuserDeniedPage />
      </AdminShell>
    );
  }
  return (
    <ContestantShell>
      <Outlet />
    </ContestantShell>
  );
}
