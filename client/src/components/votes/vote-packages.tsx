// 'Buy Additional Votes': the packages of the contestant's contest's offer (the profile's vote_offer; the
// site's from GET /site when the contestant is in no contest): title votes + bonus, the price in the
// offer's currency, bonus only when above 0. Buy Now opens the buy-votes dialog; it is disabled, with a
// note saying why, when no payment method takes the offer's currency or the viewer is a competitor
// (competitors may not buy votes).
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Crown, Flame, Skull, Ticket, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { VoteOffer, VotePackage } from '#contract/payments/answers';
import { PAYMENT_MESSAGES } from '#contract/payments/messages';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useGetSiteQuery } from '@/lib/api/site';
import { useContractText } from '@/lib/i18n/contract-text';
import { formatPrice } from '@/lib/money';
import { PAYMENT_TEXTS } from '@/lib/votes/payment-texts';
import { usePaidVotes } from '@/lib/votes/use-paid-votes';

// The dialog (its form, zod and the dialog primitives) is fetched when a fan reaches for a package,
// not with the profile page: most visits never open it.
const loadDialog = () => import('./buy-votes-dialog');
const BuyVotesDialog = lazy(() => loadDialog().then((m) => ({ default: m.BuyVotesDialog })));

/** The package's picture depends on its vote count. */
function iconFor(votes: number): LucideIcon {
  if (votes >= 200) return Crown;
  if (votes >= 100) return Skull;
  if (votes >= 50) return Flame;
  return Ticket;
}

function PackageCard({
  pack,
  currency,
  blocked,
  noteId,
  onBuy,
}: {
  pack: VotePackage;
  currency: string;
  blocked: boolean;
  noteId?: string;
  onBuy: () => void;
}) {
  const { t } = useLingui();
  const Icon = iconFor(pack.votes);
  const total = pack.votes + pack.bonus;
  const { votes, bonus } = pack;
  const title = t`${plural(total, { one: `${total} Votes`, other: `${total} Votes` })}`;
  return (
    <li className="flex flex-col rounded-xl border border-night-600 bg-night-800/80 p-4" aria-label={title}>
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blood-900/60 text-blood-300">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h3 className="font-bold text-bone-50">{title}</h3>
          <p className="text-sm text-bone-400">
            {/* Each part keeps its words together: '200 votes' then '+ 125 bonus', never '200' alone on a line. */}
            <span className="whitespace-nowrap">{t`${plural(votes, { one: `${votes} votes`, other: `${votes} votes` })}`}</span>
            {pack.bonus > 0 ? (
              <>
                {' '}
                <span className="whitespace-nowrap text-emerald-300">{t`+ ${bonus} bonus`}</span>
              </>
            ) : null}
          </p>
        </div>
        <p className="ml-auto shrink-0 text-xl font-bold tabular-nums text-bone-50">{formatPrice(pack.price_minor, currency)}</p>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={blocked}
        aria-describedby={noteId}
        onClick={onBuy}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        className="mt-3 w-full"
      >
        <Trans>Buy Now</Trans>
      </Button>
    </li>
  );
}

export interface VotePackagesProps {
  /** The contestant the votes are for. */
  username: string;
  contestantId: number;
  /** The contestant's contest's offer (the profile's vote_offer); null or absent: the site's. */
  offer?: VoteOffer | null;
  headingLevel?: 2 | 3;
}

export function VotePackages({ username, contestantId, offer: own, headingLevel = 2 }: VotePackagesProps) {
  const { t } = useLingui();
  const ct = useContractText();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const site = useGetSiteQuery(undefined, { skip: Boolean(own) });
  const offer = own ?? site.data?.vote_offer ?? null;
  const paid = usePaidVotes(offer?.currency);
  const [chosen, setChosen] = useState<VotePackage | null>(null);
  // Mounted from the first choice on, so closing it runs as always (focus back to the button).
  const [wanted, setWanted] = useState(false);
  let note: string | null = null;
  if (paid.ready && paid.isCompetitor) note = ct(PAYMENT_MESSAGES.competitorsNotPermitted);
  else if (paid.ready && paid.methods.length === 0) note = PAYMENT_TEXTS.unavailable;
  const blocked = !paid.ready || note !== null;
  const noteId = note ? 'buy-votes-note' : undefined;
  return (
    <section aria-labelledby="buy-votes-heading" className="rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
      <Heading id="buy-votes-heading" className="text-xl font-bold text-bone-50">
        <Trans>Buy Additional Votes</Trans>
      </Heading>
      <p className="mt-1 text-sm text-bone-400">
        <Trans>Give your favourite an extra push: bonus votes are added on top of every package.</Trans>
      </p>
      {note ? (
        <p id={noteId} className="mt-3 rounded-md border border-night-600 bg-night-800 px-3 py-2 text-sm text-bone-200">
          {note}
        </p>
      ) : null}
      {!offer && site.isError ? (
        <p role="alert" className="mt-4 text-sm text-bone-200">
          {PAYMENT_TEXTS.packagesFailed}
        </p>
      ) : null}
      {!offer && !site.isError ? <Spinner label={t`Loading the vote packages...`} className="mt-4" /> : null}
      {offer && offer.packages.length === 0 ? <p className="mt-4 text-sm text-bone-200">{PAYMENT_TEXTS.noPackages}</p> : null}
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        {offer?.packages.map((pack) => (
          <PackageCard
            key={pack.id}
            pack={pack}
            currency={offer.currency}
            blocked={blocked}
            noteId={noteId}
            onBuy={() => {
              setWanted(true);
              setChosen(pack);
            }}
          />
        ))}
      </ul>
      {wanted ? (
        <Suspense fallback={null}>
          <BuyVotesDialog
            pack={chosen}
            currency={offer?.currency ?? 'USD'}
            username={username}
            contestantId={contestantId}
            paid={paid}
            onClose={() => setChosen(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
