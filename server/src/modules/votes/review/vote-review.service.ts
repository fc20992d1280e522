import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { VOTE_REVIEW_MESSAGES } from '#contract/votes/messages.js';
import type { FlaggedEntry, VoidVotesResult, VoteReviewList, VoteReviewNotice } from '#contract/votes/answers.js';
import type { VoidVotesInput } from '#contract/votes/requests.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { detailError } from '#server/common/errors.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { AuditService } from '#server/modules/audit/audit.service.js';
import { StandingsService } from '#server/modules/standings/standings.service.js';
import { WebhookEventsService } from '#server/modules/webhooks/webhook-events.service.js';
import { flagsFor, type FlagThresholds } from './vote-flag-rules.js';
import { VoteReviewRepository, type ReviewRow, type RunningContest, type VoidTarget } from './vote-review.repository.js';
import { VotesRepository } from '../intake/votes.repository.js';

/** The baseline a rate is compared with: the whole hours of the day before the window. */
const BASELINE_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** PostgreSQL's code for a statement cancelled (here: by statement_timeout). */
const QUERY_CANCELED = '57014';

/** A scoring past its deadline between two queries. */
class ScoringOverTime extends Error {}
/** Flags seen within this long are listed. */
const LISTED_MS = 86_400_000;
/** Network blocks listed per flagged entry. */
const TOP_BLOCKS = 5;
/** Voids listed on the contestant's own account. */
const OWN_REVIEWS = 20;

const notice = (r: ReviewRow): VoteReviewNotice => ({ at: r.created_at.toISOString(), removed: r.removed, reason: r.reason });

/**
 * Suspicious-vote review: every scoring interval the running contest's recent free votes are held to
 * the flag rules (vote-flag-rules.ts); admins list the flags and void the free votes they find
 * fraudulent, in the open: the ledger keeps a cancelling row per vote, the counters and every screen
 * follow at once, and the contestant sees how many votes were removed and why.
 */
@Injectable()
export class VoteReviewService {
  private readonly logger = new Logger('VoteReview');
  private readonly thresholds: FlagThresholds;
  /** The baseline's hours already read: contest → hour start → entry → free votes (one contest kept). */
  private readonly hours = new Map<number, Map<number, Map<number, number>>>();
  /** A scoring runs in this process now. */
  private scoring = false;

  constructor(
    private readonly reviews: VoteReviewRepository,
    private readonly ledger: VotesRepository,
    private readonly standings: StandingsService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly webhooks: WebhookEventsService,
  ) {
    this.thresholds = {
      windowSeconds: config.voteReviewWindowSeconds,
      minVotes: config.VOTE_FLAG_MIN_VOTES,
      blockShare: config.VOTE_FLAG_BLOCK_SHARE,
      rateFactor: config.VOTE_FLAG_RATE_FACTOR,
      newVoterShare: config.VOTE_FLAG_NEW_VOTER_SHARE,
      regularCv: config.VOTE_FLAG_REGULAR_CV,
    };
  }

  /**
   * Scores the contest running at `at` over the window ending then, once per slot however many
   * workers queue it (a repeat of a scored slot does nothing). A scoring that cannot finish within its
   * time, or that would start while this process's previous one still runs, is skipped with a warning;
   * the flags then in force stay in force until a scoring finishes again.
   */
  async score(at: Date): Promise<number> {
    const budgetMs = Math.min(30_000, Math.max(5_000, (this.config.voteReviewIntervalSeconds * 1000) / 2));
    if (this.scoring) return this.skip(at, 'the previous scoring is still running');
    this.scoring = true;
    try {
      return await this.scoreWithin(at, Date.now() + budgetMs, budgetMs);
    } catch (err) {
      const e = err as { code?: string; driverError?: { code?: string } };
      if (!(err instanceof ScoringOverTime) && (e.code ?? e.driverError?.code) !== QUERY_CANCELED) throw err;
      return this.skip(at, `it took longer than ${budgetMs / 1000} s`);
    } finally {
      this.scoring = false;
    }
  }

  /** A skipped scoring: said, and the flags in force kept in force (a surge too big to score is no time to drop them). */
  private async skip(at: Date, why: string): Promise<number> {
    this.logger.warn(`Vote scoring for ${at.toISOString()} was skipped: ${why}. Shorten VOTE_REVIEW_WINDOW or lengthen VOTE_REVIEW_INTERVAL`);
    await this.reviews.keepFlags(at, this.freshAfter(at));
    return 0;
  }

  /** A flag seen at or after this, the scoring before or the one before that, is still in force at `at`. */
  private freshAfter(at: Date): Date {
    return new Date(at.getTime() - 2.5 * this.config.voteReviewIntervalSeconds * 1000);
  }

  /** One scoring in one transaction: the slot claimed, each query bounded to the budget and all of them by the deadline. */
  @Transactional()
  private async scoreWithin(at: Date, deadline: number, budgetMs: number): Promise<number> {
    await this.reviews.limitStatementTime(budgetMs);
    if (!(await this.reviews.claimScoring(at))) return 0;
    const contest = await this.reviews.runningContest(at);
    if (!contest) return 0;
    const windowMs = this.thresholds.windowSeconds * 1000;
    const windowStart = new Date(at.getTime() - windowMs);
    const stats = await this.reviews.entryStats(contest.id, new Date(windowStart.getTime() - windowMs), windowStart, at, this.thresholds.minVotes);
    const baseline = stats.length ? await this.baseline(contest, windowStart, deadline) : null;
    const flags = stats.flatMap((s) =>
      flagsFor({ ...s, before: baseline?.counts.get(s.entryId) ?? 0, baselineSeconds: baseline?.seconds ?? 0 }, this.thresholds).map((f) => ({
        ...f,
        entryId: s.entryId,
        since: s.firstAt,
      })),
    );
    await this.reviews.saveFlags(contest.id, flags, at, this.freshAfter(at));
    if (flags.length) this.logger.log(`Contest ${contest.id}: ${flags.length} flag(s) on ${new Set(flags.map((f) => f.entryId)).size} entr(y/ies)`);
    return flags.length;
  }

  /**
   * The rate rule's baseline: each entry's free votes in the whole hours of the day before the window,
   * and how many seconds of it the contest was running. Hours are read once each and kept (a past
   * hour only changes by a void, which it then counts a little high until it leaves the day), so a
   * scoring reads the ledger of its window and the one before, not of a day.
   */
  private async baseline(contest: RunningContest, windowStart: Date, deadline: number): Promise<{ counts: Map<number, number>; seconds: number }> {
    const lastHour = Math.floor(windowStart.getTime() / HOUR_MS) * HOUR_MS;
    const firstHour = lastHour - BASELINE_MS;
    const kept = this.hours.get(contest.id) ?? new Map<number, Map<number, number>>();
    this.hours.clear();
    this.hours.set(contest.id, kept);
    for (const hour of kept.keys()) if (hour < firstHour) kept.delete(hour);
    const counts = new Map<number, number>();
    for (let hour = firstHour; hour < lastHour; hour += HOUR_MS) {
      if (hour + HOUR_MS <= contest.startDate.getTime()) continue;
      let perEntry = kept.get(hour);
      if (!perEntry) {
        if (Date.now() > deadline) throw new ScoringOverTime();
        perEntry = await this.reviews.freeVotesPerEntry(contest.id, new Date(hour), new Date(hour + HOUR_MS));
        kept.set(hour, perEntry);
      }
      for (const [entryId, n] of perEntry) counts.set(entryId, (counts.get(entryId) ?? 0) + n);
    }
    const seconds = Math.max(0, (lastHour - Math.max(firstHour, contest.startDate.getTime())) / 1000);
    return { counts, seconds };
  }

  /** GET /admin/vote-review: the entries flagged in the past day, with their busiest blocks and past voids. */
  async list(contestId: number | undefined): Promise<VoteReviewList> {
    const windowMinutes = Math.round(this.thresholds.windowSeconds / 60);
    if (contestId !== undefined && !(await this.reviews.contestExists(contestId)))
      throw detailError(HttpStatus.NOT_FOUND, VOTE_REVIEW_MESSAGES.contestNotFound);
    const currentId = await this.reviews.currentContestId();
    const id = contestId ?? currentId;
    if (id === null) return { contest_id: null, is_current_contest: false, window_minutes: windowMinutes, items: [] };
    const now = Date.now();
    const rows = await this.reviews.flags(id, new Date(now - LISTED_MS));
    const activeAfter = now - 2.5 * this.config.voteReviewIntervalSeconds * 1000;
    const entries = new Map<number, FlaggedEntry>();
    for (const r of rows) {
      let entry = entries.get(r.entry_id);
      if (!entry) {
        entry = {
          entry_id: r.entry_id,
          username: r.username,
          display_name: `${r.first_name} ${r.last_name}`.trim() || r.username,
          group_number: r.group_number,
          current_contest_votes: r.current_contest_votes,
          free_votes: r.current_contest_votes - r.paid_votes,
          paid_votes: r.paid_votes,
          active: false,
          last_seen: r.last_seen.toISOString(),
          reasons: [],
          top_blocks: [],
          reviews: [],
        };
        entries.set(r.entry_id, entry);
      }
      entry.active ||= r.last_seen.getTime() >= activeAfter;
      entry.reasons.push({ kind: r.kind, detail: r.detail, since: r.since.toISOString(), votes: r.votes });
    }
    const ids = [...entries.keys()];
    if (ids.length) {
      const [blocks, reviews] = await Promise.all([
        this.reviews.topBlocks(ids, new Date(now - LISTED_MS - this.thresholds.windowSeconds * 1000), TOP_BLOCKS),
        this.reviews.reviewsOfEntries(ids),
      ]);
      for (const entry of entries.values()) entry.top_blocks = blocks.get(entry.entry_id) ?? [];
      for (const r of reviews) entries.get(r.entry_id)!.reviews.push(notice(r));
      // A void made after the latest scoring that flagged the entry settles those flags: no longer flagged now.
      for (const entry of entries.values()) if (entry.reviews.some((r) => r.at >= entry.last_seen)) entry.active = false;
    }
    return { contest_id: id, is_current_contest: id === currentId, window_minutes: windowMinutes, items: [...entries.values()] };
  }

  /**
   * POST /admin/vote-review/void: the entry's free votes in [from, to) (of one network or block when
   * given) are voided and the void recorded, in one transaction; then every screen gets the new
   * counts. Paid votes are never voided here (refunds do that).
   */
  async void(input: VoidVotesInput, actorId: number): Promise<VoidVotesResult> {
    const { removed, counts, target, at } = await this.applyVoid(input, actorId);
    if (removed > 0) this.standings.changed(counts.groupId);
    if (removed > 0 && at) {
      this.webhooks.publish('votes.voided', `${target.entryId}_${at.getTime()}`, {
        entry_id: target.entryId,
        contest_id: target.contestId,
        group_id: counts.groupId,
        removed,
        from: input.from,
        to: input.to,
        one_network: input.network != null,
        reason: input.reason,
        entry_votes: counts.entryVotes,
      });
    }
    return {
      removed,
      current_contest_votes: counts.entryVotes,
      free_votes: counts.entryVotes - counts.entryPaidVotes,
      paid_votes: counts.entryPaidVotes,
    };
  }

  /** The entry and its profile locked in the order every counting batch takes them, then the void and its record. */
  @Transactional()
  private async applyVoid(input: VoidVotesInput, actorId: number) {
    const target: VoidTarget | null = await this.reviews.voidTarget(input.entry_id);
    if (!target) throw detailError(HttpStatus.NOT_FOUND, VOTE_REVIEW_MESSAGES.entryNotFound);
    await this.ledger.lockInIdOrder([target.entryId], [target.profileId]);
    const from = new Date(input.from);
    const to = new Date(input.to);
    const network = input.network ?? null;
    const [before] = await this.ledger.entryCounts([target.entryId]);
    const removed = await this.reviews.voidVotes(target, from, to, network);
    const [counts] = await this.ledger.entryCounts([target.entryId]);
    let at: Date | null = null;
    if (removed > 0) {
      at = await this.reviews.insertReview(target, { from, to, network, reason: input.reason, removed, actorId });
      // In the admin audit log with the void's terms, in this transaction.
      await this.audit.record({
        actorId,
        action: 'votes.void',
        targetType: 'entry',
        targetId: target.entryId,
        before: { current_contest_votes: before.entryVotes, free_votes: before.entryVotes - before.entryPaidVotes },
        after: {
          current_contest_votes: counts.entryVotes,
          free_votes: counts.entryVotes - counts.entryPaidVotes,
          removed,
          from: input.from,
          to: input.to,
          // Whether one network or block was voided; its keyed hash stays in the void's own record, never in the permanent log.
          one_network: network !== null,
          reason: input.reason,
        },
      });
    }
    return { removed, counts, target, at };
  }

  /** The voids of a contestant's votes, newest first: shown on their own dashboard. */
  async reviewsOfProfile(profileId: number): Promise<VoteReviewNotice[]> {
    return (await this.reviews.reviewsOfProfile(profileId, OWN_REVIEWS)).map(notice);
  }
}
