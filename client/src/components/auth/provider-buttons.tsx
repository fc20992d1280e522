// "Continue with Google/Apple/Facebook": one link per provider the site offers (GET /site's
// sign_in_providers), each starting that provider's sign-in and returning to `returnTo` afterwards.
// Plain links: reached and followed with the keyboard like any other, and they work before hydration.
import { continueWithMessage } from '#contract/auth/messages';
import { oidcEndpoints } from '#contract/auth/endpoints';
import { useGetSiteQuery } from '@/lib/api/site';
import { shownResult } from '@/lib/api/shown-result';
import { env } from '@/lib/env';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';

interface ProviderButtonsProps {
  /** A path of this site to come back to once signed in. */
  returnTo?: string;
  className?: string;
}

export function ProviderButtons({ returnTo = paths.home(), className = '' }: ProviderButtonsProps) {
  const ct = useContractText();
  const { currentData: site } = useGetSiteQuery(undefined, { selectFromResult: shownResult });
  const providers = site?.sign_in_providers ?? [];
  if (providers.length === 0) return null;
  const start = (provider: string) =>
    `${env.apiBaseUrl}${oidcEndpoints.oidcStart.path.replace(':provider', provider)}?${new URLSearchParams({ return_to: returnTo })}`;
  return (
    <ul className={`flex flex-col gap-2 ${className}`}>
      {providers.map((provider) => (
        <li key={provider}>
          <a
            href={start(provider)}
            className="flex min-h-11 w-full items-center justify-center rounded-md border border-bone-200/40 bg-ink-900 px-4 py-2 text-sm font-semibold text-bone-50 hover:bg-ink-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blood-400"
          >
            {ct(continueWithMessage(provider))}
          </a>
        </li>
      ))}
    </ul>
  );
}
