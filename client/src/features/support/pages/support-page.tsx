// /support and /contact-support: the hero 'How Can We Help?', the FAQ in four
// tabs of accordion answers, and the contact form. A signed-in contestant also gets 'View My Profile'
// and 'Back to Dashboard' (not a superuser, whose home is the admin area, nor a visitor).
import { Trans, useLingui } from '@lingui/react/macro';
import { LayoutDashboard, LifeBuoy, UserRound } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button-styles';
import { selectAuth } from '@/lib/auth/auth-slice';
import { paths } from '@/lib/paths';
import { useAppSelector } from '@/lib/store/hooks';
import { FaqTabs } from '../components/faq-tabs';
import { SupportForm } from '../components/support-form';

function ContestantLinks() {
  const auth = useAppSelector(selectAuth);
  const { t } = useLingui();
  if (!auth.isAuthenticated || auth.isSuperuser || !auth.user) return null;
  return (
    <nav aria-label={t`Your account`} className="flex flex-wrap gap-3">
      <Link to={paths.profile(auth.user.username)} className={buttonClass('outline')}>
        <UserRound aria-hidden="true" className="size-4" /> <Trans>View My Profile</Trans>
      </Link>
      <Link to={paths.dashboard()} className={buttonClass('ghost')}>
        <LayoutDashboard aria-hidden="true" className="size-4" /> <Trans>Back to Dashboard</Trans>
      </Link>
    </nav>
  );
}

export function SupportPage() {
  return (
    <div className="grain flex-1">
      <section className="border-b border-night-700 bg-gradient-to-b from-blood-900/40 to-transparent px-4 py-14 text-center sm:px-6 lg:px-8">
        <LifeBuoy aria-hidden="true" className="mx-auto size-12 text-blood-400" />
        <h1 className="mt-4 font-display text-4xl font-bold tracking-tight text-bone-50 sm:text-5xl">
          <Trans>How Can We Help?</Trans>
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-bone-200">
          <Trans>Find answers about contests, votes and donations below, or send us a message.</Trans>
        </p>
      </section>
      <div className="mx-auto max-w-4xl space-y-14 px-4 py-12 sm:px-6 lg:px-8">
        <section id="faq" aria-labelledby="faq-heading" className="scroll-mt-24">
          <h2 id="faq-heading" className="mb-5 font-display text-2xl font-bold text-bone-50 sm:text-3xl">
            <Trans>Frequently Asked Questions</Trans>
          </h2>
          <FaqTabs />
        </section>
        <section
          id="contact"
          aria-labelledby="contact-heading"
          className="scroll-mt-24 rounded-xl border border-night-700 bg-night-900/80 p-5 shadow-xl sm:p-8"
        >
          <h2 id="contact-heading" className="font-display text-2xl font-bold text-bone-50 sm:text-3xl">
            <Trans>Contact Support</Trans>
          </h2>
          <p className="mb-6 mt-2 text-bone-200">
            <Trans>We read every message and reply by e-mail to the address you give.</Trans>
          </p>
          <SupportForm />
        </section>
        <ContestantLinks />
      </div>
    </div>
  );
}
