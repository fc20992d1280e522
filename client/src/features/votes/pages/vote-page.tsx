// /vote/{profileId}: loads GET /profiles/id/{id} ('Failed to
// load profile details.'; an unknown id is a not-found state), then 'Vote for {first name}', the
// donation or free-vote text, the form and, for a paid vote, the legal text. Query: type = free,
// other or a package id of the contestant's contest's offer (one no longer offered is said so); amount
// or price suggest a donation. Prices are the offer's, in its currency.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { VoteOffer } from '#contract/payments/answers';
import { donationNotice, PAYMENT_MESSAGES } from '#contract/payments/messages';
import { PROFILE_MESSAGES } from '#contract/profiles/messages';
import { PageTitle } from '@/components/layout/page-title';
import { buttonClass } from '@/components/ui/button-styles';
import { MessagePage } from '@/components/ui/message-page';
import { ResponsivePicture } from '@/components/ui/responsive-picture';
import { BackLink, PageSection } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { errorStatus } from '@/lib/api/api-error';
import { useContractText } from '@/lib/i18n/contract-text';
import { formatPrice } from '@/lib/money';
import { shownResult } from '@/lib/api/shown-result';
import { useGetSiteQuery } from '@/lib/api/site';
import { PAYMENT_TEXTS as T } from '@/lib/votes/payment-texts';
import { VoteRulesLink } from '@/components/votes/vote-rules-link';
import { paths } from '@/lib/paths';
import { useGetProfileByIdQuery } from '../api/get-profile-by-id';
import { idParam } from '@/lib/route-params';
import { VoteForm } from '../components/vote-form';
import { voteKindOf, type VoteKind } from '../utils/vote-kind';

/** The charity and its beneficiary as the admin area's Site page names them, the defaults before. */
function LegalText() {
  const { data: site } = useGetSiteQuery();
  const ct = useContractText();
  return (
    <>
      {site ? <CharityShare charity={site.charity_name} share={site.charity_share} url={site.charity_url} /> : null}
      <p className="mt-5 text-xs leading-relaxed text-bone-400">
        {ct(donationNotice(site?.charity_name ?? 'our partner charity', site?.charity_beneficiary ?? "a children's toy-drive foundation"))}
      </p>
    </>
  );
}

/** What a purchase supports, as the site's settings say: the charity's share of it, and its own site when it has one. */
function CharityShare({ charity, share, url }: { charity: string; share: number; url: string | null }) {
  // A share of nothing supports nobody: no line rather than '0% of your purchase'.
  if (share <= 0) return null;
  return (
    <p className="mt-5 text-sm text-bone-200">
      {url ? (
        <Trans>
          {share}% of your purchase goes to{' '}
          <a href={url} target="_blank" rel="noopener noreferrer" className="font-medium underline underline-offset-2 hover:text-blood-300">
            {charity}
          </a>
          .
        </Trans>
      ) : (
        <Trans>
          {share}% of your purchase goes to {charity}.
        </Trans>
      )}
    </p>
  );
}

/** What this vote is: the free vote, a package's donation, or a donation of the voter's choosing. */
function Intro({ vote, name, offer }: { vote: VoteKind; name: string; offer: VoteOffer }) {
  const { t } = useLingui();
  let text: string;
  if (vote.kind === 'free') text = t`Cast your free vote for ${name}. Everyone gets one free vote every 24 hours.`;
  else if (vote.kind === 'package') {
    const { votes, bonus } = vote.pack;
    const price = formatPrice(vote.pack.price_minor, offer.currency);
    const total = votes + bonus;
    text =
      bonus > 0
        ? t`Donate ${price} and give ${name} ${plural(total, { one: `${total} votes`, other: `${total} votes` })} (${votes} + ${bonus} bonus).`
        : t`Donate ${price} and give ${name} ${plural(total, { one: `${total} votes`, other: `${total} votes` })}.`;
  } else {
    const price = formatPrice(offer.donation_vote_price, offer.currency);
    text = t`Choose how much to donate: every ${price} is one vote for ${name}.`;
  }
  return <p className="mt-4 text-bone-200">{text}</p>;
}

function NotFound() {
  const ct = useContractText();
  return (
    <MessagePage title={ct(PROFILE_MESSAGES.notFound)}>
      <PageTitle name={ct(PROFILE_MESSAGES.notFound)} />
      <p>
        <Trans>This contestant may have left the stage, or the link is mistyped.</Trans>
      </p>
      <Link to={paths.leaderboard()} className={buttonClass('primary')}>
        <Trans>View the Leaderboard</Trans>
      </Link>
    </MessagePage>
  );
}

export function VotePage() {
  const { t } = useLingui();
  const ct = useContractText();
  const params = useParams();
  const [query] = useSearchParams();
  const profileId = idParam(params.profileId);
  const { currentData: profile, error } = useGetProfileByIdQuery(profileId ?? 0, { skip: profileId === null, selectFromResult: shownResult });
  // The contestant's contest's offer; the site's when they are in no contest.
  const { currentData: site, error: siteError } = useGetSiteQuery(undefined, { selectFromResult: shownResult });
  const offer = profile ? (profile.vote_offer ?? site?.vote_offer ?? null) : null;

  if (profileId === null || errorStatus(error) === 404) return <NotFound />;
  if ((!profile && !error) || (profile && !offer && !siteError)) return <Spinner label={t`Loading...`} className="m-auto py-24" />;
  if (!profile || !offer) {
    return (
      <PageSection width="max-w-xl">
        <PageTitle name={t`Vote`} />
        <p role="alert" className="rounded-xl border border-blood-500/50 bg-blood-900/30 p-6 text-center text-bone-50">
          {T.profileLoadFailed}
        </p>
      </PageSection>
    );
  }

  const vote = voteKindOf(query, offer);
  const first = profile.user_details.first_name.trim() || profile.username;
  const full = `${profile.user_details.first_name} ${profile.user_details.last_name}`.trim() || profile.username;
  const title = t`Vote for ${first}`;
  return (
    <PageSection width="max-w-xl">
      <PageTitle name={title} />
      <div className="rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-2xl sm:p-8">
        <header className="flex items-center gap-4">
          {profile.picture_url ? (
            <ResponsivePicture
              src={profile.picture_url}
              alt={full}
              sizes="64px"
              width={64}
              height={64}
              loading="eager"
              className="size-16 shrink-0 rounded-full object-cover"
            />
          ) : null}
          <div className="min-w-0">
            <h1 className="break-words font-display text-3xl font-bold tracking-tight text-bone-50">{title}</h1>
            <p className="text-bone-400">@{profile.username}</p>
          </div>
        </header>
        {profile.is_eliminated ? (
          <p role="note" className="mt-6 rounded-md border border-night-600 bg-night-800 px-3 py-2 text-bone-200">
            {t`${first} is out of the running in this contest, so votes can no longer be cast for them.`}
          </p>
        ) : vote.kind === 'gone' ? (
          <div role="note" className="mt-6 space-y-4 rounded-md border border-night-600 bg-night-800 px-4 py-3 text-bone-200">
            <p>{ct(PAYMENT_MESSAGES.retiredPackage)}</p>
            <p className="flex flex-wrap gap-3">
              <Link to={paths.profile(profile.username)} className={buttonClass('primary')}>
                {t`See ${first}'s vote packages`}
              </Link>
              <Link to={paths.vote(profile.id, { query: { type: 'other' } })} className={buttonClass('outline')}>
                <Trans>Donate an amount of your own</Trans>
              </Link>
            </p>
          </div>
        ) : (
          <>
            <Intro vote={vote} name={first} offer={offer} />
            <div className="mt-6">
              <VoteForm
                key={vote.kind === 'package' ? `package-${vote.pack.id}` : vote.kind}
                target={{ profileId: profile.id, username: profile.username }}
                vote={vote}
                offer={offer}
              />
            </div>
            {vote.kind !== 'free' ? <LegalText /> : null}
            <p className="mt-4 text-xs text-bone-400">
              <VoteRulesLink />
            </p>
          </>
        )}
      </div>
      <div className="mt-6">
        <BackLink to={paths.profile(profile.username)}>{t`Back to ${first}'s profile`}</BackLink>
      </div>
    </PageSection>
  );
}
