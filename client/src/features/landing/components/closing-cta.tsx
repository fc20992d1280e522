import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button-styles';
import { paths } from '@/lib/paths';
import { SectionHeading } from './section-heading';

/** The closing call to action of the landing page. */
export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="below-fold bg-night-950 px-4 py-20 sm:px-6 lg:py-28">
      <div className="mx-auto max-w-4xl rounded-2xl border border-blood-700/60 bg-linear-to-br from-blood-900/60 via-night-900 to-night-950 px-6 py-14 text-center shadow-[0_0_60px_rgb(138_12_20/0.35)]">
        <SectionHeading id="cta-title">
          <Trans>Ready to Showcase Your Talent?</Trans>
        </SectionHeading>
        <p className="mx-auto mt-6 max-w-xl text-bone-200">
          <Trans>The audience is waiting in the dark. Enter for free, bring your best scream and let the fans decide.</Trans>
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <Link to={paths.register()} className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
            <Trans>Register Now</Trans>
          </Link>
          <Link to={paths.contactSupport()} className={buttonClass('outline', 'lg', 'w-full sm:w-auto')}>
            <Trans>Have Questions?</Trans>
          </Link>
        </div>
      </div>
    </section>
  );
}
