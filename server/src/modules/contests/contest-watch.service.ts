import { Inject, Injectable, Logger } from '@nestjs/common';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { JobQueue } from '#server/infra/queue/jobs.js';
import { ContestantMail, type RankScope } from '#server/modules/contestant-mail/contestant-mail.service.js';
import { WATCH_CONTESTS } from './contest-jobs.js';
import { ContestsRepository } from './contests.repository.js';
import type { ContestRoundEntity } from './entities/contest-round.entity.js';
import type { ContestEntity } from './entities/contest.entity.js';
import { cutOf } from './rounds.js';
import { RoundsRepository, type RankedEntry } from './rounds.repository.js';

const HOUR_MS = 3600_000;

/** The entry ranked just above this one (more votes, in the same group for a per-group ranking). */
const above = (ranked: readonly RankedEntry[], e: RankedEntry, perGroup: boolean): RankedEntry | null =>
  ranked
    .filter((o) => o.votes > e.votes && (!perGroup || o.group_id === e.group_id))
    .reduce<RankedEntry | null>((best, o) => (best === null || o.votes < best.votes ? o : best), null);

/**
 * Looks at the running contests every CONTEST_WATCH_SECONDS (a job per time slot on the contests
 * queue, each queuing the next, so exactly one process looks per slot): tells contestants who
 * dropped below the current round's cut line (once a day at most), and sends the daily digests once
 * the contest's local time reaches DIGEST_HOUR.
 */
@Injectable()
export class ContestWatch {
  private readonly logger = new Logger('ContestWatch');

  constructor(
    private readonly contests: ContestsRepository,
    private readonly rounds: RoundsRepository,
    private readonly mail: ContestantMail,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Queues the look of the slot after `now` (a no-op when it is queued already). */
  scheduleNext(now = Date.now()): Promise<void> {
    const every = this.config.CONTEST_WATCH_SECONDS * 1000;
    const slot = Math.floor(now / every) * every + every;
    return this.queue.add(WATCH_CONTESTS, { slot }, { jobId: `watch-contests:${slot}`, runAt: new Date(slot) });
  }

  /** One look at every running contest; a contest that fails is logged and the others still looked at. */
  async run(now = new Date()): Promise<void> {
    for (const contest of await this.contests.listRunning()) {
      try {
        await this.watchCut(contest, now);
        await this.sendDigests(contest, now);
      } catch (err) {
        this.logger.warn(`Could not look at contest ${contest.id}: ${(err as Error).message}`);
      }
    }
  }

  /** The current round (open, not past its end) and how its standings are ranked. */
  private async current(contest: ContestEntity, now: Date) {
    const rounds = (await this.rounds.ofContests([contest.id])).get(contest.id) ?? [];
    const round = rounds.find((r) => r.closedAt === null) ?? null;
    const last = round !== null && round.position === rounds[rounds.length - 1].position;
    const cut = round !== null && !last && round.endsAt > now ? round : null;
    // Without a cut to make, contestants are ranked in their group, as the leaderboard shows them.
    const perGroup = cut ? cut.advancePerGroup !== null : !(last && rounds.length > 1);
    return { cut, perGroup, scope: (perGroup ? 'group' : 'contest') as RankScope };
  }

  private async watchCut(contest: ContestEntity, now: Date): Promise<void> {
    const { cut, perGroup, scope } = await this.current(contest, now);
    if (!cut) return;
    const ranked = await this.rounds.rankedNow(contest.id, perGroup);
    await this.tellDrops(contest, cut, cutOf(cut, ranked), perGroup, scope, now);
  }

  /**
   * Marks who is below the cut line now and queues an e-mail to each who dropped there since the last
   * look, in one transaction: a crash between the two cannot mark a drop whose e-mail is never sent.
   */
  @Transactional()
  private async tellDrops(
    contest: ContestEntity,
    cut: ContestRoundEntity,
    { advancing, eliminated }: { advancing: RankedEntry[]; eliminated: RankedEntry[] },
    perGroup: boolean,
    scope: RankScope,
    now: Date,
  ): Promise<void> {
    const dropped = new Set(
      await this.rounds.markBelowCut(
        contest.id,
        eliminated.map((e) => e.entry_id),
      ),
    );
    if (!dropped.size) return;
    // The cut line: the fewest votes that still go on, in the contestant's group or overall.
    const line = (e: RankedEntry) => Math.min(...advancing.filter((a) => !perGroup || a.group_id === e.group_id).map((a) => a.votes));
    const day = formatInTimeZone(now, contest.timeZone, 'yyyy-MM-dd');
    await this.mail.belowCut(
      contest.id,
      cut.id,
      day,
      eliminated
        .filter((e) => dropped.has(e.entry_id))
        .map((e) => ({
          userId: e.user_id,
          contest: contest.name,
          round: cut.name,
          rank: e.rank,
          scope,
          behind: Math.max(1, line(e) - e.votes),
          endsAt: cut.endsAt,
          timeZone: contest.timeZone,
        })),
    );
  }

  private async sendDigests(contest: ContestEntity, now: Date): Promise<void> {
    const zone = contest.timeZone;
    if (Number(formatInTimeZone(now, zone, 'H')) < this.config.DIGEST_HOUR) return;
    const day = formatInTimeZone(now, zone, 'yyyy-MM-dd');
    // The digest reports yesterday: none while the contest had not started by today's start, none to
    // anyone who joined today.
    const todayStarts = fromZonedTime(`${day}T00:00:00`, zone);
    if (contest.startDate >= todayStarts) return;
    const pending = new Set(await this.mail.digestPending(contest.id, day, todayStarts));
    if (!pending.size) return;
    const yesterday = formatInTimeZone(new Date(todayStarts.getTime() - 12 * HOUR_MS), zone, 'yyyy-MM-dd');
    const yesterdayStarts = fromZonedTime(`${yesterday}T00:00:00`, zone);
    const { perGroup, scope } = await this.current(contest, now);
    const ranked = await this.rounds.rankedNow(contest.id, perGroup);
    const got = await this.rounds.votesBetween(contest.id, yesterdayStarts, todayStarts);
    await this.mail.digests(
      contest.id,
      day,
      ranked
        .filter((e) => pending.has(e.user_id))
        .map((e) => {
          const next = above(ranked, e, perGroup);
          return {
            userId: e.user_id,
            contest: contest.name,
            day: yesterdayStarts,
            timeZone: zone,
            votesYesterday: got.get(e.entry_id) ?? 0,
            rank: e.rank,
            scope,
            toNextRank: next ? next.votes - e.votes + 1 : null,
            nextUsername: next?.username ?? null,
          };
        }),
    );
  }
}
