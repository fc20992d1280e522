// A signed-in user without a contestant profile (GET answers 404): nothing to edit yet, so the page
// says so and offers the way the dashboard offers (spec 000 §2 Contestant dashboard: 'Complete Your
// Profile', 'Get Started' to /edit-questions).
import { UserPlus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { DASHBOARD_MESSAGES as D } from '#contract/votes';
import { buttonClass } from '@/components/ui/button-styles';

export function NoProfileCard() {
  return (
    <div className="rounded-2xl border border-blood-600/60 bg-night-900/90 p-8 text-center shadow-2xl">
      <UserPlus aria-hidden="true" className="mx-auto size-10 text-blood-400" />
      <h2 className="mt-4 text-2xl font-bold text-bone-50">{D.completeProfile}</h2>
      <p className="mt-2 text-bone-200">
        Your account has no contestant profile yet, so there is nothing to edit here. Create your profile first; then your category and answers can be changed
        on this page.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/edit-questions" className={buttonClass('primary')}>
          Get Started
        </Link>
        <Link to="/dashboard" className={buttonClass('ghost')}>
          Back to Dashboard
        </Link>
      </div>
    </div>
  );
}
