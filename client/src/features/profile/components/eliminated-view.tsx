// The profile of an eliminated contestant: a thank-you that mentions the food-bank
// and ocean-conservation charities, and 'View Current Leaderboard'.
import { Trans } from '@lingui/react/macro';
import { HeartHandshake } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ContestantProfile } from '#contract/profiles/answers';
import { buttonClass } from '@/components/ui/button-styles';
import { ResponsivePicture } from '@/components/ui/responsive-picture';
import { paths } from '@/lib/paths';

export function EliminatedView({ profile }: { profile: ContestantProfile }) {
  const { first_name, last_name, username } = profile.user;
  const picture = profile.pictures_urls?.[0];
  return (
    <section className="grain flex flex-1 items-center justify-center px-4 py-16">
      <div className="max-w-xl rounded-2xl border border-night-700 bg-night-900/90 p-8 text-center shadow-2xl">
        {picture ? (
          <ResponsivePicture
            src={picture}
            alt=""
            sizes="96px"
            width={96}
            height={96}
            loading="eager"
            className="mx-auto size-24 rounded-full object-cover opacity-80 ring-2 ring-night-600 grayscale"
          />
        ) : null}
        <h1 className="mt-4 font-display text-3xl font-bold text-bone-50">
          <Trans>Thank You for Competing</Trans>
        </h1>
        <p className="mt-2 text-bone-400">
          <Trans>
            {first_name} {last_name} (@{username}) has been eliminated from the current contest.
          </Trans>
        </p>
        <p className="mt-4 text-bone-200">
          <Trans>
            Thank you for every scream, every performance and every vote. Your support in this contest also helps a local food bank charity feed families and an
            ocean conservation charity protect our seas.
          </Trans>
        </p>
        <HeartHandshake aria-hidden="true" className="mx-auto mt-6 size-10 text-blood-500" />
        <Link to={paths.leaderboard()} className={`${buttonClass('primary')} mt-6`}>
          <Trans>View Current Leaderboard</Trans>
        </Link>
      </div>
    </section>
  );
}
