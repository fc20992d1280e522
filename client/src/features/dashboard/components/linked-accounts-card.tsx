// The dashboard's "Linked accounts": the providers this account signs in with, each with Unlink, and a
// Link button for every other provider the site offers. Linking goes to the provider and comes back
// here with the outcome in the address's fragment, said once (and the fragment removed).
import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { OidcProvider } from '#contract/auth/constants';
import { OIDC_PROVIDER_NAMES, OIDC_PROVIDERS } from '#contract/auth/constants';
import { linkProviderMessage, OIDC_MESSAGES as O, providerLinkedMessage, providerUnlinkedMessage, unlinkProviderMessage } from '#contract/auth/messages';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { CardLoadError } from '@/components/ui/error-panel';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { errorDetail } from '@/lib/api/api-error';
import { shownResult } from '@/lib/api/shown-result';
import { useGetSiteQuery } from '@/lib/api/site';
import { asyncHandler } from '@/lib/async-handler';
import { browser } from '@/lib/browser';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useGetLinkedAccountsQuery, useStartLinkMutation, useUnlinkMutation } from '../api/linked-accounts';

/** The link refusals the callback names (its `oidc_error`), as the card says them. */
const LINK_REFUSALS: Record<string, string> = {
  stateRefused: O.stateRefused,
  providerRefused: O.providerRefused,
  emailUnverified: O.emailUnverified,
  linkEmailMismatch: O.linkEmailMismatch,
  linkedElsewhere: O.linkedElsewhere,
  alreadyLinked: O.alreadyLinked,
};

const isProvider = (value: string | null): value is OidcProvider => (OIDC_PROVIDERS as readonly (string | null)[]).includes(value);

export function LinkedAccountsCard({ username }: { username: string }) {
  const ct = useContractText();
  const { currentData: site } = useGetSiteQuery(undefined, { selectFromResult: shownResult });
  const { data, isError, refetch } = useGetLinkedAccountsQuery(username);
  const [startLink, { isLoading: starting }] = useStartLinkMutation();
  const [unlink, { isLoading: unlinking }] = useUnlinkMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const read = useRef(false);
  const location = useLocation();
  const navigate = useNavigate();

  // The outcome of a link the provider sent back here, said once.
  useEffect(() => {
    if (read.current) return;
    read.current = true;
    const hash = new URLSearchParams(location.hash.slice(1));
    const linked = hash.get('oidc_linked');
    const refusal = hash.get('oidc_error');
    if (!linked && !refusal) return;
    navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    if (isProvider(linked)) notify.success(ct(providerLinkedMessage(linked)));
    if (refusal) setFailure(LINK_REFUSALS[refusal] ?? O.providerRefused);
  }, [ct, location, navigate]);

  const offered = site?.sign_in_providers ?? [];
  const linkedProviders = new Set(data?.accounts.map((a) => a.provider));
  // Nothing to show on a site without providers, for an account with none linked.
  if (data && offered.length === 0 && data.accounts.length === 0) return null;

  const onLink = async (provider: OidcProvider) => {
    setFailure(null);
    try {
      const { authorization_url } = await startLink({ provider, returnTo: paths.dashboard() }).unwrap();
      browser.assign(authorization_url);
    } catch (err) {
      setFailure(errorDetail(err) ?? O.providerRefused);
    }
  };
  const onUnlink = async (provider: OidcProvider) => {
    setFailure(null);
    try {
      await unlink(provider).unwrap();
      notify.success(ct(providerUnlinkedMessage(provider)));
    } catch (err) {
      setFailure(errorDetail(err) ?? O.loadFailed);
    }
  };

  let body;
  if (data) {
    const toLink = offered.filter((p) => !linkedProviders.has(p));
    body = (
      <>
        {data.accounts.length === 0 ? <p className="mt-4 text-sm text-bone-300">{ct(O.noLinkedAccounts)}</p> : null}
        <ul className="mt-4 space-y-3">
          {data.accounts.map((account) => (
            <li key={account.provider} className="flex flex-wrap items-center justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold text-bone-50">{OIDC_PROVIDER_NAMES[account.provider]}</p>
                <p className="break-all text-sm text-bone-400">{account.email}</p>
              </div>
              <Button variant="outline" size="sm" disabled={unlinking} onClick={asyncHandler(() => onUnlink(account.provider))}>
                {ct(unlinkProviderMessage(account.provider))}
              </Button>
            </li>
          ))}
        </ul>
        {toLink.length > 0 ? (
          <div className="mt-4 flex flex-wrap gap-3">
            {toLink.map((provider) => (
              <Button key={provider} variant="outline" size="sm" disabled={starting} onClick={asyncHandler(() => onLink(provider))}>
                {ct(linkProviderMessage(provider))}
              </Button>
            ))}
          </div>
        ) : null}
      </>
    );
  } else if (isError) {
    body = <CardLoadError message={ct(O.loadFailed)} onRetry={() => void refetch()} />;
  } else {
    body = (
      <SkeletonGroup className="mt-4 space-y-3">
        <Skeleton className="h-10 w-full" />
      </SkeletonGroup>
    );
  }

  return (
    <section aria-labelledby="linked-accounts-heading" className="rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
      <h2 id="linked-accounts-heading" className="flex items-center gap-2 text-xl font-bold text-bone-50">
        <KeyRound aria-hidden="true" className="size-5 text-blood-400" /> {ct(O.linkedAccounts)}
      </h2>
      <p className="mt-1 text-sm text-bone-400">{ct(O.linkedAccountsIntro)}</p>
      {failure ? (
        <div className="mt-4">
          <FormAlert>{ct(failure)}</FormAlert>
        </div>
      ) : null}
      {body}
    </section>
  );
}
