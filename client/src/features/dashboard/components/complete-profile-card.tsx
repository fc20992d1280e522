// A user without a profile: 'Complete Your Profile', 'Get Started' and 'Maybe later' (goes
// back). Get Started leads to the basics editor, where saving the category and answers creates the
// profile (there is no /edit-questions page: docs/product.md#notes-on-the-spec).
import { Trans } from '@lingui/react/macro';
import { UserPlus } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { DASHBOARD_MESSAGES as D } from '#contract/profiles/messages';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-styles';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';

export function CompleteProfileCard() {
  const navigate = useNavigate();
  const ct = useContractText();
  return (
    <div className="rounded-2xl border border-blood-600/60 bg-night-900/90 p-8 text-center shadow-2xl">
      <UserPlus aria-hidden="true" className="mx-auto size-10 text-blood-400" />
      <h2 className="mt-4 text-2xl font-bold text-bone-50">{ct(D.completeProfile)}</h2>
      <p className="mt-2 text-bone-200">
        <Trans>Answer a few questions so fans can get to know you, then start collecting votes.</Trans>
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={paths.profileBasics()} className={buttonClass('primary')}>
          <Trans>Get Started</Trans>
        </Link>
        <Button variant="ghost" onClick={() => void navigate(-1)}>
          <Trans>Maybe later</Trans>
        </Button>
      </div>
    </div>
  );
}
