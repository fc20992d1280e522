// Where a contestant stands in the race: the votes they need to pass the contestant just above them,
// and how far they are above or below the current round's cut. Ranks follow the leaderboard (ties
// share a rank), and everyone tied at the cut goes on, so reaching the cut line's votes is enough.
import { msg, plural } from '@lingui/core/macro';
import type { ContestRound } from '#contract/contests/answers';
import type { LeaderboardItem } from '#contract/votes/answers';
import { cutLimitOf } from '@/lib/contest-cut';
import { libText } from '@/lib/i18n/lib-text';

type Entry = Pick<LeaderboardItem, 'username' | 'current_contest_votes' | 'is_eliminated'>;

export interface Race {
  /** The nearest contestant with more votes, and the votes needed to pass them (their votes − yours + 1); null when nobody has more. */
  toPass: { username: string; votes: number } | null;
  /** Leading: the votes between you and the next one (0: tied for first); null when you are behind or alone. */
  lead: number | null;
  /**
   * Against the current round's cut: your votes above the first contestant outside it (0: on the line),
   * or, negative, the votes you need to reach it; null without a cut, or when everyone goes on.
   */
  cut: number | null;
  /** The round's cut is larger than the field: everyone in it goes on. */
  everyoneGoesOn: boolean;
}

const active = (list: readonly Entry[]) => list.filter((e) => !e.is_eliminated).sort((a, b) => b.current_contest_votes - a.current_contest_votes);

/**
 * `group`: the contestant's group; `field`: the contestants the cut ranks (the group for a per-group
 * cut, the whole contest for an overall one); `round`: the round running now, if any. Null when the
 * contestant is not in the group or is out of the race.
 */
export function raceOf(username: string, group: readonly Entry[], field: readonly Entry[], round: ContestRound | null): Race | null {
  const me = group.find((e) => e.username === username);
  if (!me || me.is_eliminated) return null;
  const mine = me.current_contest_votes;
  const rivals = active(group).filter((e) => e.username !== username);
  const above = rivals.filter((e) => e.current_contest_votes > mine);
  const nearest = above.at(-1);
  const toPass = nearest ? { username: nearest.username, votes: nearest.current_contest_votes - mine + 1 } : null;
  const lead = !nearest && rivals.length ? mine - rivals[0].current_contest_votes : null;

  const ranked = active(field);
  const { limit } = cutLimitOf(round?.state === 'running' ? round : null) ?? { limit: null };
  if (limit === null) return { toPass, lead, cut: null, everyoneGoesOn: false };
  const line = ranked.length >= limit ? ranked[limit - 1].current_contest_votes : 0;
  // Everyone tied at the line goes on: the first one out is the first with fewer votes than the line.
  const firstOut = ranked.find((e, i) => i >= limit && e.current_contest_votes < line);
  if (ranked.length <= limit || !firstOut) return { toPass, lead, cut: null, everyoneGoesOn: true };
  const cut = mine >= line ? mine - firstOut.current_contest_votes : mine - line;
  return { toPass, lead, cut, everyoneGoesOn: false };
}

// Counts are written by the language (# in a plural: "1,234" in English, "1.234" in Portuguese).

/** "12 votes to pass @maisie.thorn", "You lead by 3 votes", "Tied for first", in the reader's language. */
export function passText(race: Race): string | null {
  if (race.toPass) {
    const { votes, username } = race.toPass;
    return libText(msg`${plural(votes, { one: `# vote to pass @${username}`, other: `# votes to pass @${username}` })}`);
  }
  const { lead } = race;
  if (lead === null) return null;
  return lead === 0 ? libText(msg`Tied for first`) : libText(msg`${plural(lead, { one: 'You lead by # vote', other: 'You lead by # votes' })}`);
}

/** "40 votes above the cut", "On the cut line", "12 votes below the cut", "Everyone goes on this round", in the reader's language. */
export function cutText(race: Race): string | null {
  if (race.everyoneGoesOn) return libText(msg`Everyone goes on this round`);
  const { cut } = race;
  if (cut === null) return null;
  if (cut === 0) return libText(msg`On the cut line`);
  const below = -cut;
  return cut > 0
    ? libText(msg`${plural(cut, { one: '# vote above the cut', other: '# votes above the cut' })}`)
    : libText(msg`${plural(below, { one: '# vote below the cut', other: '# votes below the cut' })}`);
}
