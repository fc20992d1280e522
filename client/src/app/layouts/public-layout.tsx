import { Outlet } from 'react-router-dom';
import { PublicShell } from '@/components/layout/shells';

/** Anyone (the public layout). */
export function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}
