// The demo contests: one running and current, with every demo contestant placed in it through the
// same ContestJoiner as POST /contestants/join-contest (so groups 1, 2, 3 fill in order), with two rounds;
// and one upcoming.
import type { ContestJoiner } from '#server/modules/contests/contest-joiner.js';
import type { ContestRoundsService } from '#server/modules/contests/contest-rounds.service.js';
import type { ContestsRepository } from '#server/modules/contests/contests.repository.js';
import type { EntriesRepository } from '#server/modules/contests/entries.repository.js';
import type { VotePackagesRepository } from '#server/modules/vote-packages/vote-packages.repository.js';
import type { DemoSeedStep } from './demo-steps.js';

/** What the contest step needs from the application (the same instances the API uses). */
export interface DemoContestTools {
  contests: ContestsRepository;
  entries: EntriesRepository;
  joiner: ContestJoiner;
  rounds: ContestRoundsService;
  votePackages: VotePackagesRepository;
}

const DAY_MS = 86_400_000;
export const DEMO_GROUP_SIZE = 8;
/** The current demo contest started this many days ago: its votes spread over them. */
export const DEMO_CONTEST_AGE_DAYS = 14;
export const DEMO_CURRENT_CONTEST = 'Scream Queens Showdown — Season 1';
export const DEMO_UPCOMING_CONTEST = 'Creature Feature Face-Off — Season 2';
/** The current contest's group stage ends this many days after the seed; its top 4 of each group go on to the final, which names 3 winners. */
export const DEMO_FIRST_CUT_DAYS = 5;
export const DEMO_ADVANCE_PER_GROUP = 4;
export const DEMO_WINNERS = 3;

export const seedDemoContests: DemoSeedStep = async (ctx) => {
  const { contests, entries, joiner } = ctx.contestTools;
  const now = Date.now();
  await contests.lockCurrentSwitch();
  await contests.unsetCurrentExcept(null);
  const startDate = new Date(now - DEMO_CONTEST_AGE_DAYS * DAY_MS);
  // Two rounds, the first cut within the week, so a first start shows a contest that runs itself.
  const rounds = await ctx.contestTools.rounds.plan(
    null,
    { startDate, endDate: null, winners: 0 },
    {
      winners: DEMO_WINNERS,
      rounds: [
        {
          name: 'Group stage',
          ends_at: new Date(now + DEMO_FIRST_CUT_DAYS * DAY_MS).toISOString(),
          advance_per_group: DEMO_ADVANCE_PER_GROUP,
          advance_total: null,
        },
        { name: 'Final', ends_at: new Date(now + 30 * DAY_MS).toISOString(), advance_per_group: null, advance_total: null },
      ],
    },
  );
  const current = await contests.insert({
    name: DEMO_CURRENT_CONTEST,
    description:
      'Our first season: horror actors from every category go head to head in small groups. Fans vote daily; ' +
      'the top performers of each group move on to the next act.',
    startDate,
    endDate: rounds.endDate,
    isActive: true,
    isCurrent: true,
    groupSizeCap: DEMO_GROUP_SIZE,
    voteChallenge: null,
    winners: rounds.winners,
    timeZone: 'UTC',
    carryVotes: true,
    categories: null,
  });
  await ctx.contestTools.rounds.store(current.id, rounds);
  await contests.insert({
    name: DEMO_UPCOMING_CONTEST,
    description: 'Monsters, makeup and mayhem: a season for creature performers and the actors who face them. Sign up early.',
    startDate: new Date(now + 35 * DAY_MS),
    endDate: new Date(now + 95 * DAY_MS),
    isActive: true,
    isCurrent: false,
    groupSizeCap: null,
    voteChallenge: null,
    winners: 0,
    timeZone: 'UTC',
    carryVotes: true,
    categories: null,
  });
  for (const { user, profile } of ctx.contestants) {
    const { entry } = await joiner.join(user.id, current.id);
    // A season already under way: the seeded totals are votes in the ledger, cast since the contest
    // began (the last hour left empty), so the ledger, the entries and the profiles agree as after real votes.
    await ctx.seeds.insertDemoVotes(
      { id: entry.id, profileId: profile.id, contestId: current.id, groupId: entry.groupId },
      profile.total_votes,
      current.startDate,
      new Date(now - DAY_MS / 24),
    );
    await entries.setVotes(entry.id, profile.total_votes);
  }
};
