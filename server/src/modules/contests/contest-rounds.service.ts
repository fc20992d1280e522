import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import type { ContestRound, NamedWinner, RoundCutPreview } from '#contract/contests/answers.js';
import { START_DATE_GRACE_MS } from '#contract/contests/constants.js';
import type { ContestValues } from '#contract/contests/requests.js';
import { ROUND_MESSAGES, type RoundProblem, roundProblems } from '#contract/contests/round-rules.js';
import { detailError, ValidationFailed } from '#server/common/errors.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { JobQueue } from '#server/infra/queue/jobs.js';
import { ContestantMail, type RoundResult } from '#server/modules/contestant-mail/contestant-mail.service.js';
import { VOTES_QUEUE } from '#server/modules/votes/votes.queues.js';
import { WebhookEventsService } from '#server/modules/webhooks/webhook-events.service.js';
import { CLOSE_ROUND, type CloseRoundJob } from './contest-jobs.js';
import { ContestEvents } from './contest-events.js';
import { ContestsRepository } from './contests.repository.js';
import type { ContestRoundEntity } from './entities/contest-round.entity.js';
import type { ContestEntity } from './entities/contest.entity.js';
import { closeRoundJobId, CUT_RECHECK_MS, CUT_SETTLE_MS, cutDueAt, cutOf, roundStates, winnersOf } from './rounds.js';
import { RoundsRepository, type CutEntry, type RankedEntry, type RoundValues } from './rounds.repository.js';

type RoundInput = NonNullable<ContestValues['rounds']>[number];

/** A contestant's place in a closed round, as its result e-mail tells it. */
const resultOf = (e: RankedEntry, outcome: RoundResult['outcome']): RoundResult => ({ user_id: e.user_id, rank: e.rank, votes: e.votes, outcome, place: null });

/** A round its cut closed: what the live updates and the webhooks say of it. */
interface ClosedRound {
  contest: ContestEntity;
  round: ContestRoundEntity;
  eliminated: CutEntry[];
  restarted: number[];
  last: boolean;
  /** Every entry ranked in the round, as the round.closed webhook names it. */
  results: { entry_id: number; username: string; group_id: number; rank: number; votes: number; outcome: RoundResult['outcome']; place: number | null }[];
}

/** What a create or an edit asks of the rounds; an absent field is unchanged. */
export interface RoundsChange {
  rounds?: RoundInput[];
  winners?: number;
  /** The end date sent (null: none); absent: not sent. */
  endDate?: Date | null;
  /** The edit turns carry_votes on or off. */
  carryVotesChanged?: boolean;
}

/** A create's or an edit's rounds, checked: what the contest row stores, and the open rounds to store. */
export interface RoundsPlan {
  /** With rounds, the contest ends with its last round. */
  endDate: Date | null;
  winners: number;
  /** The open rounds, from this position on (the closed ones before it stay); null: unchanged. */
  open: { fromPosition: number; rounds: RoundValues[] } | null;
}

const toValues = (r: RoundInput): RoundValues => ({
  name: r.name,
  endsAt: new Date(r.ends_at),
  advancePerGroup: r.advance_per_group,
  advanceTotal: r.advance_total,
});

const sameRound = (a: RoundValues, b: RoundValues) =>
  a.name === b.name && a.endsAt.getTime() === b.endsAt.getTime() && a.advancePerGroup === b.advancePerGroup && a.advanceTotal === b.advanceTotal;

const invalid = (problems: RoundProblem[]) =>
  new ValidationFailed(problems.map((p) => ({ loc: ['body', ...p.path], msg: p.message, type: 'value_error.custom' })));

/**
 * A contest's rounds: checked and stored with the contest, each round's cut scheduled on the job
 * queue for its end (durable in either mode), and run there exactly once: the contestants below the
 * cut are eliminated in one transaction, or the last round's winners are named.
 */
@Injectable()
export class ContestRoundsService {
  private readonly logger = new Logger('Rounds');

  constructor(
    private readonly rounds: RoundsRepository,
    private readonly contests: ContestsRepository,
    private readonly queue: JobQueue,
    private readonly events: ContestEvents,
    private readonly mail: ContestantMail,
    private readonly webhooks: WebhookEventsService,
  ) {}

  /** The rounds of these contests as the API answers them, with each one's current round. */
  async ofContests(contests: readonly ContestEntity[]): Promise<Map<number, { rounds: ContestRound[]; current: number | null }>> {
    const byContest = await this.rounds.ofContests(contests.map((c) => c.id));
    const now = new Date();
    return new Map(contests.map((c) => [c.id, roundStates(byContest.get(c.id) ?? [], c.startDate, now)]));
  }

  /** The winners each of these contests has named (none until its last round closed). */
  winnersOf(contestIds: readonly number[]): Promise<Map<number, NamedWinner[]>> {
    return this.rounds.winnersOf(contestIds);
  }

  /** A contest's stored rounds, in order. */
  async ofContestRows(contestId: number): Promise<ContestRoundEntity[]> {
    return (await this.rounds.ofContests([contestId])).get(contestId) ?? [];
  }

  /**
   * Checks what a create (no contest id yet) or an edit asks of the rounds, against the contest as it
   * will be, in the caller's transaction (the contest locked): a closed round stays exactly as it was,
   * a new or moved end is not in the past, and the rules of roundProblems hold.
   */
  async plan(contestId: number | null, contest: { startDate: Date; endDate: Date | null; winners: number }, change: RoundsChange): Promise<RoundsPlan> {
    const stored = contestId === null ? [] : ((await this.rounds.ofContests([contestId])).get(contestId) ?? []);
    const closed = stored.filter((r) => r.closedAt !== null);
    // A cut has counted the votes one way: the rounds after it count them the same way.
    if (change.carryVotesChanged && closed.length) throw detailError(HttpStatus.BAD_REQUEST, ROUND_MESSAGES.carryVotesAfterCut);
    let planned: RoundValues[] = stored;
    let open: RoundsPlan['open'] = null;
    if (change.rounds !== undefined) {
      const wanted = change.rounds.map(toValues);
      closed.forEach((round, i) => {
        if (!wanted[i] || !sameRound(round, wanted[i])) throw invalid([{ path: ['rounds', i], message: ROUND_MESSAGES.closedRound }]);
      });
      wanted.forEach((round, i) => {
        if (i < closed.length) return;
        const before = stored.find((r) => r.position === i + 1);
        const moved = !before || before.endsAt.getTime() !== round.endsAt.getTime();
        if (moved && round.endsAt.getTime() < Date.now() - START_DATE_GRACE_MS) {
          throw invalid([{ path: ['rounds', i, 'ends_at'], message: ROUND_MESSAGES.endPast }]);
        }
      });
      planned = wanted;
      open = { fromPosition: closed.length + 1, rounds: wanted.slice(closed.length) };
    }
    const winners = change.winners ?? (planned.length ? contest.winners : 0);
    // Once the last round has closed, its winners are named: the count stays.
    if (stored.length && stored.every((r) => r.closedAt) && winners !== contest.winners) {
      throw invalid([{ path: ['winners'], message: ROUND_MESSAGES.closedRound }]);
    }
    // Rounds sent without an end date: the contest ends with the last one.
    const endDate = change.endDate !== undefined ? change.endDate : change.rounds?.length ? null : contest.endDate;
    const problems = roundProblems({
      startsAt: contest.startDate.getTime(),
      endsAt: endDate?.getTime() ?? null,
      winners,
      rounds: planned.map((r) => ({ endsAt: r.endsAt.getTime(), advancePerGroup: r.advancePerGroup, advanceTotal: r.advanceTotal })),
    });
    if (problems.length) throw invalid(problems);
    return { endDate: planned.length ? planned[planned.length - 1].endsAt : endDate, winners, open };
  }

  /** Stores the planned open rounds and schedules their cuts, in the caller's transaction (the jobs commit with them). */
  async store(contestId: number, plan: RoundsPlan): Promise<void> {
    if (!plan.open) return;
    const rounds = await this.rounds.replaceOpen(contestId, plan.open.fromPosition, plan.open.rounds);
    for (const round of rounds) if (!round.closedAt) await this.schedule(round, true);
  }

  /**
   * After the edit's commit, queues its open rounds' cuts again. In scaled mode the jobs `store`
   * added reached Redis before the commit, so one due at once could have run before the round was
   * there to cut (and done nothing); the same job id makes this a no-op when it is still queued.
   */
  async scheduleContest(contestId: number): Promise<void> {
    try {
      for (const round of await this.ofContestRows(contestId)) if (!round.closedAt) await this.schedule(round, false);
    } catch (err) {
      // The edit is committed and its jobs were added with it; a process's next start queues them again.
      this.logger.warn(`Could not queue the cuts of contest ${contestId} again: ${(err as Error).message}`);
    }
  }

  /**
   * Queues the cut of every round still open (at start-up of a process that runs jobs): a cut's job
   * id names its round and end, so however many processes do this, each cut is queued once.
   */
  async scheduleOpen(): Promise<number> {
    const open = await this.rounds.open();
    for (const round of open) await this.schedule(round, false);
    return open.length;
  }

  /**
   * The cut of a round, due at its end. Exactly once: the round is closed in the same transaction as
   * its eliminations, so a repeated or late job finds it closed and does nothing, as does a job for
   * an end since moved (another job is due at the new one). The live updates follow the commit.
   */
  async close(job: CloseRoundJob): Promise<void> {
    if (await this.countingBehind(job)) return;
    const done = await this.cut(job);
    if (!done) return;
    for (const e of done.eliminated) this.events.eliminated({ entry_id: e.entry_id, username: e.username, contest_id: done.contest.id, group_id: e.group_id });
    for (const groupId of done.restarted) this.events.countsChanged(groupId);
    this.events.contestChanged(done.contest, done.contest.isCurrent, (await this.ofContests([done.contest])).get(done.contest.id)!);
    const { contest, round } = done;
    this.webhooks.publish('round.closed', round.id, {
      contest_id: contest.id,
      contest_name: contest.name,
      round_id: round.id,
      round_name: round.name,
      position: round.position,
      last: done.last,
      results: done.results,
    });
    if (done.last) {
      this.webhooks.publish('contest.won', contest.id, {
        contest_id: contest.id,
        contest_name: contest.name,
        winners: done.results.filter((r) => r.outcome === 'winner').sort((a, b) => (a.place ?? 0) - (b.place ?? 0)),
      });
    }
    this.logger.log(`Round ${done.round.position} of contest ${done.contest.id} closed: ${done.eliminated.length} eliminated`);
  }

  /**
   * Whether votes cast before the round's end may still wait in the counting queue (work handed in
   * before the cut was due, not yet done): then the cut would rank without them, so it looks again
   * CUT_RECHECK_MS later, through a job of its own, however long the backlog lasts.
   */
  private async countingBehind(job: CloseRoundJob): Promise<boolean> {
    const dueAt = job.ends_at + CUT_SETTLE_MS;
    // Not due yet: the cut itself says so (and is tried again).
    if (Date.now() < dueAt || !(await this.queue.pendingBefore(VOTES_QUEUE, new Date(dueAt)))) return false;
    const round = await this.rounds.findById(job.round_id);
    // Closed, or its end moved since: nothing to wait for, and the cut has nothing to do.
    if (!round || round.closedAt || round.endsAt.getTime() !== job.ends_at) return true;
    const now = Date.now();
    await this.queue.add(CLOSE_ROUND, job, { jobId: `${closeRoundJobId(round)}:recheck:${now}`, runAt: new Date(now + CUT_RECHECK_MS) });
    this.logger.log(`Round ${round.position} of contest ${round.contestId}: votes cast before its end are still being counted; the cut waits for them`);
    return true;
  }

  /**
   * GET /admin/contests/{id}/rounds/{position}/cut: an open round's cut if it ran now (votes dated before
   * now, or before its end once ended), without running it; a closed round's cut as it ran.
   */
  async preview(contestId: number, position: number): Promise<RoundCutPreview> {
    const contest = await this.contests.findById(contestId);
    const rounds = contest ? ((await this.rounds.ofContests([contestId])).get(contestId) ?? []) : [];
    const round = rounds.find((r) => r.position === position);
    if (!contest || !round) throw detailError(HttpStatus.NOT_FOUND, ROUND_MESSAGES.roundNotFound);
    const last = round.position === rounds[rounds.length - 1].position;
    const perGroup = !last && round.advancePerGroup !== null;
    let ranked: RankedEntry[];
    let advancing: Set<number>;
    if (round.closedAt) {
      // As it was: its own entries and votes (from the round before's end, when votes restarted), and who its cut let through.
      const previous = rounds.find((r) => r.position === round.position - 1);
      const from = contest.carryVotes || !previous ? null : previous.endsAt;
      const closed = await this.rounds.rankedClosed(
        contestId,
        perGroup,
        round,
        from,
        rounds.filter((r) => r.position >= round.position).map((r) => r.id),
      );
      ranked = closed.map(({ cut_here: _cut, ...e }) => e);
      advancing = new Set(last ? winnersOf(ranked, contest.winners).map((w) => w.entryId) : closed.filter((e) => !e.cut_here).map((e) => e.entry_id));
    } else {
      ranked = await this.rounds.ranked(contestId, perGroup, new Date(Math.min(Date.now(), round.endsAt.getTime())));
      advancing = new Set(last ? winnersOf(ranked, contest.winners).map((w) => w.entryId) : cutOf(round, ranked).advancing.map((e) => e.entry_id));
    }
    const answer = roundStates(rounds, contest.startDate).rounds.find((r) => r.id === round.id)!;
    return {
      round: answer,
      last,
      advancing: advancing.size,
      eliminated: last ? 0 : ranked.length - advancing.size,
      entries: ranked.map(({ user_id: _user, ...e }) => ({ ...e, advances: advancing.has(e.entry_id) })),
    };
  }

  private schedule(round: ContestRoundEntity, inTransaction: boolean): Promise<void> {
    return this.queue.add(
      CLOSE_ROUND,
      { round_id: round.id, ends_at: round.endsAt.getTime() },
      { jobId: closeRoundJobId(round), runAt: cutDueAt(round), inTransaction },
    );
  }

  @Transactional()
  private async cut(job: CloseRoundJob): Promise<ClosedRound | null> {
    const seen = await this.rounds.findById(job.round_id);
    if (!seen || seen.closedAt || seen.endsAt.getTime() !== job.ends_at) return null;
    // The contest, then the round, as an edit locks them: joins, edits and eliminations wait for the cut.
    const contest = await this.contests.lockById(seen.contestId);
    const round = contest ? await this.rounds.lockById(seen.id) : null;
    if (!contest || !round || round.closedAt || round.endsAt.getTime() !== job.ends_at) return null;
    // Thrown, so the queue tries again shortly: a clock behind the scheduler's, or an earlier round's cut still to run.
    if (cutDueAt(round).getTime() > Date.now()) {
      throw new Error(`Round ${round.id} ends at ${round.endsAt.toISOString()}, cut ${CUT_SETTLE_MS} ms later: not yet`);
    }
    const rounds = (await this.rounds.ofContests([contest.id])).get(contest.id) ?? [];
    if (rounds.some((r) => r.position < round.position && !r.closedAt)) throw new Error(`Round ${round.id}: an earlier round is still open`);
    const last = round.position === rounds[rounds.length - 1].position;
    let eliminated: CutEntry[] = [];
    let restarted: number[] = [];
    let results: RoundResult[];
    const perGroup = !last && round.advancePerGroup !== null;
    // Ranked by the votes cast before the end and counted by now (the settle lets the counting queue catch up).
    const ranked = await this.rounds.ranked(contest.id, perGroup, round.endsAt);
    if (last) {
      const winners = winnersOf(ranked, contest.winners);
      await this.rounds.setWinnerPlaces(winners);
      const places = new Map(winners.map((w) => [w.entryId, w.place]));
      results = ranked.map((e) => ({ ...resultOf(e, places.has(e.entry_id) ? 'winner' : 'finalist'), place: places.get(e.entry_id) ?? null }));
    } else {
      const { advancing, eliminated: below } = cutOf(round, ranked);
      // Votes that restart: every entry is locked first (id order) so no count slips between the cut and the new count.
      if (!contest.carryVotes) await this.rounds.lockContestEntries(contest.id);
      eliminated = await this.rounds.eliminateInRound(
        round.id,
        below.map((e) => e.entry_id),
      );
      results = [...advancing.map((e) => resultOf(e, 'advanced')), ...below.map((e) => resultOf(e, 'eliminated'))];
      // The next round counts the votes dated from this one's end on: cast after it, or voided or refunded later.
      if (!contest.carryVotes) restarted = await this.rounds.restartVotes(contest.id, round.endsAt);
    }
    await this.rounds.close(round.id);
    // Queued with the cut: each contestant's result e-mail goes out once the round is closed.
    await this.mail.roundClosed({
      contest_id: contest.id,
      contest_name: contest.name,
      round_id: round.id,
      round_name: round.name,
      next_round_name: last ? null : (rounds.find((r) => r.position === round.position + 1)?.name ?? null),
      scope: perGroup ? 'group' : 'contest',
      results,
    });
    const byEntry = new Map(ranked.map((e) => [e.user_id, e]));
    const published = results.map((r) => {
      const e = byEntry.get(r.user_id)!;
      return { entry_id: e.entry_id, username: e.username, group_id: e.group_id, rank: r.rank, votes: r.votes, outcome: r.outcome, place: r.place };
    });
    return { contest, round, eliminated, restarted, last, results: published };
  }
}
