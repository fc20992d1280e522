// After sign-in a superuser goes to /admin; anyone else back where they came from, else /dashboard.
import type { Location } from 'react-router-dom';
import { paths } from '@/lib/paths';

export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

export function postLoginTarget(isSuperuser: boolean, state: unknown): string {
  if (isSuperuser) return paths.admin.dashboard();
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || from.pathname === paths.login()) return paths.dashboard();
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
