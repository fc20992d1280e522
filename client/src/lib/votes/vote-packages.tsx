// 'Buy Additional Votes': the fixed packages of spec 000 §9 (title votes + bonus, price, bonus only
// when above 0). Paid votes arrive with the payments issue; until then Buy Now is disabled.
import { Crown, Flame, Skull, Ticket, type LucideIcon } from 'lucide-react';
import { VOTE_PACKAGES, type VotePackage } from '#contract/constants';
import { Button } from '@/components/ui/button';

/** The package's picture depends on its vote count (000 §3). */
function iconFor(votes: number): LucideIcon {
  if (votes >= 200) return Crown;
  if (votes >= 100) return Skull;
  if (votes >= 50) return Flame;
  return Ticket;
}

function PackageCard({ pack }: { pack: VotePackage }) {
  const Icon = iconFor(pack.votes);
  const hintId = `package-${pack.id}-hint`;
  const title = `${pack.votes + pack.bonus} Votes`;
  return (
    <li className="flex flex-col rounded-xl border border-night-600 bg-night-800/80 p-4" aria-label={title}>
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blood-900/60 text-blood-300">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h3 className="font-bold text-bone-50">{title}</h3>
          <p className="text-sm whitespace-nowrap text-bone-400">
            {pack.votes} votes
            {pack.bonus > 0 ? <span className="text-emerald-300">{` + ${pack.bonus} bonus`}</span> : null}
          </p>
        </div>
        <p className="ml-auto shrink-0 text-xl font-bold tabular-nums text-bone-50">${pack.price}</p>
      </div>
      <div className="mt-3 flex items-center gap-3">
        <Button variant="outline" size="sm" disabled aria-describedby={hintId} className="flex-1">
          Buy Now
        </Button>
        <p id={hintId} className="text-xs text-bone-400">
          Coming soon
        </p>
      </div>
    </li>
  );
}

export function VotePackages({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="buy-votes-heading" className="rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
      <Heading id="buy-votes-heading" className="text-xl font-bold text-bone-50">
        Buy Additional Votes
      </Heading>
      <p className="mt-1 text-sm text-bone-400">Give your favourite an extra push: bonus votes are added on top of every package.</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        {VOTE_PACKAGES.map((pack) => (
          <PackageCard key={pack.id} pack={pack} />
        ))}
      </ul>
    </section>
  );
}
