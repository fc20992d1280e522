// 'Buy Additional Votes': the fixed packages of #contract/payments/constants (title votes + bonus, price, bonus only
// when above 0). Buy Now opens the buy-votes dialog; it is disabled, with a note saying why, when GET
// /site offers no payment method or the viewer is a competitor (competitors may not buy votes).
import { Crown, Flame, Skull, Ticket, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { VOTE_PACKAGES, type VotePackage } from '#contract/payments/constants';
import { PAYMENT_MESSAGES } from '#contract/payments/messages';
import { Button } from '@/components/ui/button';
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

function PackageCard({ pack, blocked, noteId, onBuy }: { pack: VotePackage; blocked: boolean; noteId?: string; onBuy: () => void }) {
  const Icon = iconFor(pack.votes);
  const title = `${pack.votes + pack.bonus} Votes`;
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
            <span className="whitespace-nowrap">{`${pack.votes} votes`}</span>
            {pack.bonus > 0 ? (
              <>
                {' '}
                <span className="whitespace-nowrap text-emerald-300">{`+ ${pack.bonus} bonus`}</span>
              </>
            ) : null}
          </p>
        </div>
        <p className="ml-auto shrink-0 text-xl font-bold tabular-nums text-bone-50">${pack.price}</p>
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
        Buy Now
      </Button>
    </li>
  );
}

export interface VotePackagesProps {
  /** The contestant the votes are for. */
  username: string;
  contestantId: number;
  headingLevel?: 2 | 3;
}

export function VotePackages({ username, contestantId, headingLevel = 2 }: VotePackagesProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const paid = usePaidVotes();
  const [chosen, setChosen] = useState<VotePackage | null>(null);
  // Mounted from the first choice on, so closing it runs as always (focus back to the button).
  const [wanted, setWanted] = useState(false);
  let note: string | null = null;
  if (paid.ready && paid.isCompetitor) note = PAYMENT_MESSAGES.competitorsNotPermitted;
  else if (paid.ready && paid.methods.length === 0) note = PAYMENT_TEXTS.unavailable;
  const blocked = !paid.ready || note !== null;
  const noteId = note ? 'buy-votes-note' : undefined;
  return (
    <section aria-labelledby="buy-votes-heading" className="rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
      <Heading id="buy-votes-heading" className="text-xl font-bold text-bone-50">
        Buy Additional Votes
      </Heading>
      <p className="mt-1 text-sm text-bone-400">Give your favourite an extra push: bonus votes are added on top of every package.</p>
      {note ? (
        <p id={noteId} className="mt-3 rounded-md border border-night-600 bg-night-800 px-3 py-2 text-sm text-bone-200">
          {note}
        </p>
      ) : null}
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        {VOTE_PACKAGES.map((pack) => (
          <PackageCard
            key={pack.id}
            pack={pack}
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
          <BuyVotesDialog pack={chosen} username={username} contestantId={contestantId} paid={paid} onClose={() => setChosen(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
