// After sign-in a superuser goes to /admin; anyone else back where they came from, else /dashboard.
import type { Location } from 'react-router-dom';

export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

export function postLoginTarget(isSuperuser: boolean, state: unknown): string {
  if (isSuperuser) return '/admin';
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || from.pathname === '/login') return '/dashboard';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
