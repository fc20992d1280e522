// A user without a profile: 'Complete Your Profile', 'Get Started' and 'Maybe later' (goes
// back). Get Started leads to the basics editor, where saving the category and answers creates the
// profile (there is no /edit-questions page: docs/product.md#notes-on-the-spec).
import { UserPlus } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { DASHBOARD_MESSAGES as D } from '#contract/profiles/messages';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-styles';
import { paths } from '@/lib/paths';

export function CompleteProfileCard() {
  const navigate = useNavigate();
  return (
    <div className="rounded-2xl border border-blood-600/60 bg-night-900/90 p-8 text-center shadow-2xl">
      <UserPlus aria-hidden="true" className="mx-auto size-10 text-blood-400" />
      <h2 className="mt-4 text-2xl font-bold text-bone-50">{D.completeProfile}</h2>
      <p className="mt-2 text-bone-200">Answer a few questions so fans can get to know you, then start collecting votes.</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={paths.profileBasics()} className={buttonClass('primary')}>
          Get Started
        </Link>
        <Button variant="ghost" onClick={() => void navigate(-1)}>
          Maybe later
        </Button>
      </div>
    </div>
  );
}
