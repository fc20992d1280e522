// The top of an active profile: first picture, full name, @username, social links, the
// position-in-group badge, the vote count (live) and the current contest.
import { useLingui } from '@lingui/react/macro';
import { Medal, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ContestantProfile } from '#contract/profiles/answers';
import { PROFILE_PORTRAIT_SIZES } from '#contract/profiles/picture-variants';
import { SocialIcon } from '@/components/layout/social-icon';
import { ResponsivePicture } from '@/components/ui/responsive-picture';
import { VoteSplit } from '@/components/votes/vote-split';
import { useContractText } from '@/lib/i18n/contract-text';
import { winnerLabel } from '@/lib/numbers';
import { socialHref } from '../utils/social-href';

function Portrait({ profile }: { profile: ContestantProfile }) {
  const picture = profile.pictures_urls?.[0];
  const { first_name, last_name, username } = profile.user;
  if (picture) {
    return (
      <ResponsivePicture
        src={picture}
        alt={`${first_name} ${last_name}`}
        sizes={PROFILE_PORTRAIT_SIZES}
        width={192}
        height={240}
        priority
        className="aspect-[4/5] h-auto w-40 shrink-0 rounded-2xl object-cover ring-2 ring-blood-600 sm:w-48"
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className="flex aspect-[4/5] w-40 shrink-0 items-center justify-center rounded-2xl bg-blood-900/60 font-display text-6xl uppercase text-bone-50 ring-2 ring-blood-600 sm:w-48"
    >
      {(first_name || username).charAt(0)}
    </div>
  );
}

function SocialLinks({ profile }: { profile: ContestantProfile }) {
  const { t } = useLingui();
  const name = profile.user.username;
  const links = [
    { platform: 'Instagram' as const, href: socialHref('instagram', profile.user.instagram) },
    { platform: 'TikTok' as const, href: socialHref('tiktok', profile.user.tiktok) },
  ].filter((l) => l.href);
  if (!links.length) return null;
  return (
    <ul className="mt-3 flex gap-2">
      {links.map(({ platform, href }) => (
        <li key={platform}>
          <a
            href={href!}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t`${name} on ${platform}`}
            className="flex size-10 items-center justify-center rounded-full border border-night-600 text-bone-200 hover:border-blood-400 hover:text-blood-300"
          >
            <SocialIcon platform={platform} />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function ProfileHeader({ profile, contest }: { profile: ContestantProfile; contest: ReactNode }) {
  const { t } = useLingui();
  const ct = useContractText();
  const { first_name, last_name, username } = profile.user;
  const position = profile.current_position_in_group;
  const place = profile.active_contest_entry?.winner_place ?? null;
  return (
    <header className="rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-2xl sm:p-8">
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <Portrait profile={profile} />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase tracking-[0.3em] text-blood-400">{profile.category}</p>
          <h1 className="mt-1 break-words font-display text-3xl font-bold tracking-tight text-bone-50 sm:text-4xl">
            {first_name} {last_name}
          </h1>
          <p className="mt-1 text-bone-400">@{username}</p>
          <SocialLinks profile={profile} />
          <div className="mt-4 flex flex-wrap items-center gap-3">
            {place !== null ? (
              <span className="inline-flex items-center gap-1.5 rounded-full border border-amber-400 bg-amber-400 px-3 py-1 text-sm font-bold text-night-950">
                <Trophy aria-hidden="true" className="size-4" />
                {ct(winnerLabel(place))}
              </span>
            ) : null}
            {position ? (
              <span className="inline-flex items-center gap-1.5 rounded-full border border-amber-500/50 bg-amber-950/60 px-3 py-1 text-sm font-semibold text-amber-300">
                <Medal aria-hidden="true" className="size-4" />
                {t`#${position} in Group`}
              </span>
            ) : null}
            <VoteSplit total={profile.total_votes} paid={profile.paid_votes} className="rounded-full border border-night-600 bg-night-800 px-3 py-1" />
          </div>
        </div>
        {contest ? <div className="w-full md:w-80 md:shrink-0">{contest}</div> : null}
      </div>
    </header>
  );
}
