import { Outlet } from 'react-router-dom';
import { PublicShell } from '@/components/layout/shells';

/** Anyone (spec 001 §2 public layout). */
export function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}
