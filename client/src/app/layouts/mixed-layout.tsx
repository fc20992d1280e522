import { Outlet } from 'react-router-dom';
import { AdminShell, ContestantShell, PublicShell } from '@/components/layout/shells';
import { selectAuth } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';

/** Admin frame for a superuser, contestant frame when signed in, public frame otherwise. */
export function MixedLayout() {
  const { isAuthenticated, isSuperuser } = useAppSelector(selectAuth);
  const Shell = isSuperuser ? AdminShell : isAuthenticated ? ContestantShell : PublicShell;
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}
