// /dashboard for now: the welcome and a way out. Stats, videos, quick actions and voting come with
// the dashboard issue (spec 000 §2 Contestant dashboard).
import { LogOut } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { buttonClass } from '../../../components/ui/button-styles';
import { selectUser } from '../../../lib/auth/auth-slice';
import { useSignOut } from '../../../lib/auth/use-sign-out';
import { useAppSelector } from '../../../lib/store/hooks';

export function DashboardPage() {
  const user = useAppSelector(selectUser);
  const signOut = useSignOut();
  if (!user) return null;
  return (
    <section className="grain flex-1 px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-3xl rounded-2xl border border-night-700 bg-night-900/90 p-8 text-center shadow-2xl">
        <p className="text-sm font-semibold uppercase tracking-[0.3em] text-blood-400">Your dashboard</p>
        <h1 className="mt-3 font-display text-4xl font-bold tracking-tight text-bone-50 sm:text-5xl">{`Welcome, ${user.username}`}</h1>
        <p className="mt-4 text-bone-200">Your stats, votes and contest tools are on their way. Until then, check the standings or tell us what you need.</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/leaderboard" className={buttonClass('primary')}>
            View Leaderboard
          </Link>
          <Link to="/contact-support" className={buttonClass('outline')}>
            Contact Support
          </Link>
          <Button variant="ghost" onClick={signOut}>
            <LogOut aria-hidden="true" className="size-4" /> Sign out
          </Button>
        </div>
      </div>
    </section>
  );
}
