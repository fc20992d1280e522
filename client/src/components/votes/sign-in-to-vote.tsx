// Where free votes are an account's (the site's vote_identity is `account`), a signed-out visitor is told
// so in place of the vote button, and offered the providers the site has and the password sign-in,
// each coming back to this page.
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { VOTE_MESSAGES as V } from '#contract/votes/messages';
import { ProviderButtons } from '@/components/auth/provider-buttons';
import { buttonClass } from '@/components/ui/button-styles';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';

export function SignInToVote() {
  const ct = useContractText();
  const location = useLocation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-md border border-night-600 bg-night-800 px-4 py-4 text-bone-200">
      <h2 id={headingId} className="font-display text-xl font-bold text-bone-50">
        {ct(V.signInToVote)}
      </h2>
      <p>{ct(V.signInToVoteDetail)}</p>
      <ProviderButtons returnTo={`${location.pathname}${location.search}`} />
      <Link to={paths.login()} state={{ from: location }} className={buttonClass('outline', 'md', 'w-full')}>
        <Trans>Sign in with your password</Trans>
      </Link>
    </section>
  );
}

/**
 * The same, inside another site's frame (an embed): sign-in pages are never framed and a frame's storage
 * is its own, so the visitor signs in and votes on the site itself, in a new window.
 */
export function SignInToVoteOnSite({ href }: { href: string }) {
  const ct = useContractText();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-md border border-night-600 bg-night-800 px-4 py-4 text-bone-200">
      <h2 id={headingId} className="font-display text-lg font-bold text-bone-50">
        {ct(V.signInToVote)}
      </h2>
      <p className="text-sm">{ct(V.signInToVoteDetail)}</p>
      <a href={href} target="_blank" rel="noopener" className={buttonClass('primary', 'md', 'w-full')}>
        <Trans>Sign in and vote on the site</Trans>
        <span className="sr-only">
          <Trans>(opens in a new window)</Trans>
        </span>
      </a>
    </section>
  );
}
