import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-blood-400 underline-offset-4 hover:text-blood-300 hover:underline">
      {children}
    </Link>
  );
}
