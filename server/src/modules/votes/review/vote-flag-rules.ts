import type { VoteFlagKind } from '#contract/votes/constants.js';

/** What the scoring reads of one entry's free votes (voided ones left out). */
export interface EntryVoteStats {
  entryId: number;
  /** Free votes in the window. */
  recent: number;
  /** The window's first vote. */
  firstAt: Date;
  /** Free votes in the baseline: the whole hours of the day before the window. */
  before: number;
  /** Seconds of baseline the contest had (those hours, cut at the contest's start). */
  baselineSeconds: number;
  /** The window's votes from its busiest network block (IPv4 /24, IPv6 /48). */
  topBlockVotes: number;
  /** The window's votes from networks new in it (not seen in the window before) that voted for no one else in either. */
  newVoterVotes: number;
  /** Mean and standard deviation of the seconds between the window's consecutive votes. */
  meanGapSeconds: number | null;
  sdGapSeconds: number | null;
}

export interface FlagThresholds {
  windowSeconds: number;
  minVotes: number;
  blockShare: number;
  rateFactor: number;
  newVoterShare: number;
  regularCv: number;
}

export interface VoteFlag {
  kind: VoteFlagKind;
  detail: string;
  votes: number;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The window as people say it: "60 minutes", "2 hours". */
export function windowWords(seconds: number): string {
  return seconds % 3600 === 0 && seconds >= 7200 ? plural(seconds / 3600, 'hour') : plural(Math.round(seconds / 60), 'minute');
}

/**
 * The rules an entry's recent free votes are held to. None applies below `minVotes` votes in the
 * window: a handful of votes is no pattern. Each finding says what was seen and where the line is.
 */
export function flagsFor(s: EntryVoteStats, t: FlagThresholds): VoteFlag[] {
  if (s.recent < t.minVotes) return [];
  const flags: VoteFlag[] = [];
  const window = windowWords(t.windowSeconds);
  const recent = `${plural(s.recent, 'free vote')} in the last ${window}`;

  // One block's share: a household or a campus is a few votes; a block holding most of a surge is a script or a farm.
  const blockShare = s.topBlockVotes / s.recent;
  if (s.topBlockVotes >= t.minVotes && blockShare >= t.blockShare) {
    flags.push({
      kind: 'network_block',
      detail: `${s.topBlockVotes} of ${recent} (${percent(blockShare)}) came from one network block; the rule flags ${percent(t.blockShare)} or more.`,
      votes: s.topBlockVotes,
    });
  }

  // The entry's own pace: only against a baseline at least as long as the window (a new contest has none).
  if (s.baselineSeconds >= t.windowSeconds) {
    const usual = (s.before * t.windowSeconds) / s.baselineSeconds;
    if (s.recent >= t.rateFactor * Math.max(usual, 1)) {
      const times =
        usual > 0 ? `${(s.recent / usual).toFixed(1)} times its usual ${usual.toFixed(1)}` : `against none in the ${windowWords(s.baselineSeconds)} before`;
      flags.push({ kind: 'rate', detail: `${recent}, ${times}; the rule flags ${t.rateFactor} times or more.`, votes: s.recent });
    }
  }

  // Fans of one contestant are normal; a burst of networks never seen before, voting for no one else, is not.
  const newShare = s.newVoterVotes / s.recent;
  if (s.newVoterVotes >= t.minVotes && newShare >= t.newVoterShare) {
    flags.push({
      kind: 'new_voters',
      detail: `${s.newVoterVotes} of ${recent} (${percent(newShare)}) came from networks new in this window that voted for no one else; the rule flags ${percent(t.newVoterShare)} or more.`,
      votes: s.newVoterVotes,
    });
  }

  // People vote at irregular moments (gaps vary about as much as they last); a timer does not.
  if (s.meanGapSeconds !== null && s.sdGapSeconds !== null && s.meanGapSeconds > 0) {
    const cv = s.sdGapSeconds / s.meanGapSeconds;
    if (cv <= t.regularCv) {
      flags.push({
        kind: 'regular_intervals',
        detail: `${recent} arrived every ${s.meanGapSeconds.toFixed(1)} s, varying by ${percent(cv)}; the rule flags ${percent(t.regularCv)} or less.`,
        votes: s.recent,
      });
    }
  }
  return flags;
}
