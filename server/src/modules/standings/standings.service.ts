import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { LeaderboardItem } from '#contract/votes/answers.js';
import { TtlCache } from '#server/common/ttl-cache.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { Metrics } from '#server/infra/metrics/metrics.js';
import { LocalSockets } from '#server/infra/realtime/realtime-publisher.js';
import { WebhookEventsService } from '#server/modules/webhooks/webhook-events.service.js';
import { LiveTallies } from './live-tallies.js';
import { rankByVotes } from './ranking.js';
import { StandingsChanges } from './standings-changes.js';
import { StandingsRepository } from './standings.repository.js';
import { TickCache } from './tick-cache.js';
import { EventLoopSampler, TickControl } from './tick-control.js';

/** Leaderboards are read on every open, from a read at most this old; live tallies carry the changes in between. */
export const STANDINGS_CACHE_MS = 500;

export interface GroupStandings {
  groupId: number;
  groupNumber: number;
  contestId: number;
  /** Ranked, highest first (ranking.ts). */
  items: LeaderboardItem[];
  /** Each entry's contestant's votes in every contest, by entry id (live tallies carry them; leaderboards do not). */
  totals: ReadonlyMap<number, number>;
}

/**
 * A group's standings, ranked from the database's committed counts, and their live updates: one
 * `tally` per changed group per tick, made by each process that holds sockets for its own sockets
 * (live-tallies.ts, decision 042). Every read of a group goes through the per-tick cache: at most
 * one database read per group per tick in a process, whatever the number of readers.
 */
@Injectable()
export class StandingsService implements OnApplicationShutdown {
  private readonly groups: TickCache<number, GroupStandings | null>;
  private readonly current = new TtlCache<'current', { contestId: number; groupIds: number[] } | null>(STANDINGS_CACHE_MS, 1);
  /** Each cached standings' items as JSON, made once: leaderboards answer the same bytes until the cache moves on. */
  private readonly json = new WeakMap<GroupStandings, string>();

  private readonly tallies: LiveTallies;
  private readonly sampler: EventLoopSampler | null = null;

  constructor(
    private readonly repository: StandingsRepository,
    private readonly changes: StandingsChanges,
    sockets: LocalSockets,
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'LIVE_TICK_MS' | 'runsHttp'>,
    // Explicit: the union type hides the class from Nest (tests that never publish pass null).
    @Inject(WebhookEventsService) private readonly webhooks: WebhookEventsService | null = null,
  ) {
    this.groups = new TickCache((groupId) => this.load(groupId), config.LIVE_TICK_MS, STANDINGS_CACHE_MS);
    const control = new TickControl(config.LIVE_TICK_MS);
    this.tallies = new LiveTallies((groupId) => this.groups.latest(groupId), sockets, control);
    // The changes of every process reach the cache and, where sockets are held, the tallies.
    changes.subscribe((groupId) => this.groups.changed(groupId));
    if (config.runsHttp) {
      changes.subscribe((groupId) => this.tallies.changed(groupId));
      changes.onResync(() => void this.resync());
      this.sampler = new EventLoopSampler(control);
      this.sampler.start();
      metrics.gauge(
        'live_tick_ms',
        "Each group's live tally tick in this process (ms): longer with its audience here and this process's load",
        'group',
        () => Promise.resolve(this.tallies.tickMs()),
        'max',
      );
      metrics.gauge(
        'live_tick_load_steps',
        "Steps every group's tick is lengthened by this process's event-loop load (0: idle)",
        null,
        () => control.load,
        'max',
      );
      metrics.gauge(
        'live_write_share',
        "The share of this process's event loop spent writing live tallies to its sockets, over the last second",
        null,
        () => control.writeShare,
        'max',
      );
    }
  }

  /**
   * The group's standings changed (a vote counted, an entry eliminated or joined), committed: every
   * process that holds sockets tallies it at its next tick.
   */
  changed(groupId: number): void {
    this.changes.publish(groupId);
    // Only the process that made the change says so to webhooks: once per group per tick.
    this.webhooks?.standingsChanged(groupId);
  }

  onApplicationShutdown(): void {
    this.tallies.close();
    this.sampler?.stop();
  }

  /** Notices may have been missed: the current contest's groups are read again where they are watched. */
  private async resync(): Promise<void> {
    const current = await this.current.get('current', () => this.repository.currentContestGroups()).catch(() => null);
    // The cache must not answer the tallies with a read older than the missed change.
    for (const groupId of this.tallies.resync(current?.groupIds ?? [])) this.groups.changed(groupId);
  }

  /** For leaderboards: a read at most STANDINGS_CACHE_MS old (mostly the tallies' own). null: no such group. */
  group(groupId: number): Promise<GroupStandings | null> {
    return this.groups.recent(groupId);
  }

  /** Read after the last change this process heard of, for answers that must show a change just made (a profile's position). */
  fresh(groupId: number): Promise<GroupStandings | null> {
    return this.groups.latest(groupId);
  }

  /** current_position_in_group: the entry's rank on its group's leaderboard. */
  async positionOf(groupId: number, entryId: number): Promise<number | null> {
    const standings = await this.fresh(groupId);
    return standings?.items.find((i) => i.id === entryId)?.rank ?? null;
  }

  /** GET /groups/{groupId}/leaderboard as JSON; null: no such group. */
  async groupJson(groupId: number): Promise<string | null> {
    const standings = await this.group(groupId);
    return standings && this.itemsJson(standings);
  }

  /**
   * GET /groups/all-contestants as JSON: `{"Group 1": [...], ...}`, every group of the current
   * contest by number; `{}` without one (AllGroupsLeaderboard in contract/votes/answers.ts).
   */
  async allGroupsJson(): Promise<string> {
    const current = await this.current.get('current', () => this.repository.currentContestGroups());
    if (!current) return '{}';
    const groups = await Promise.all(current.groupIds.map((id) => this.group(id)));
    const members = groups.filter((g) => g !== null).map((g) => `${JSON.stringify(`Group ${g.groupNumber}`)}:${this.itemsJson(g)}`);
    return `{${members.join(',')}}`;
  }

  private itemsJson(standings: GroupStandings): string {
    let json = this.json.get(standings);
    if (json === undefined) {
      json = JSON.stringify(standings.items);
      this.json.set(standings, json);
    }
    return json;
  }

  private async load(groupId: number): Promise<GroupStandings | null> {
    this.metrics.standingsRead();
    const rows = await this.repository.group(groupId);
    if (!rows) return null;
    const ranked = rankByVotes(rows.entries.map((e) => ({ ...e, joined_at: e.joined_at.getTime() })));
    const { group } = rows;
    return {
      totals: new Map(rows.entries.map((e) => [e.id, e.total_votes])),
      groupId: group.id,
      groupNumber: group.group_number,
      contestId: group.contest_id,
      items: ranked.map((e) => ({
        id: e.id,
        user_id: e.user_id,
        username: e.username,
        first_name: e.first_name,
        last_name: e.last_name,
        picture_url: e.picture_url,
        current_contest_votes: e.current_contest_votes,
        is_eliminated: e.is_eliminated,
        rank: e.rank,
        winner_place: e.winner_place,
        group_id: group.id,
        group_number: group.group_number,
        free_votes: e.current_contest_votes - e.paid_votes,
        paid_votes: e.paid_votes,
      })),
    };
  }
}
