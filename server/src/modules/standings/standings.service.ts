import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { LeaderboardItem } from '#contract/votes.js';
import { TtlCache } from '#server/common/ttl-cache.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { RealtimePublisher } from '#server/infra/realtime/realtime-publisher.js';
import { LiveTallies } from './live-tallies.js';
import { rankByVotes } from './ranking.js';
import { StandingsRepository } from './standings.repository.js';

/** Leaderboards are read on every open; live pushes carry the changes in between. */
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
 * `tally` per changed group per tick (live-tallies.ts).
 */
@Injectable()
export class StandingsService implements OnApplicationShutdown {
  private readonly groups = new TtlCache<number, GroupStandings | null>(STANDINGS_CACHE_MS);
  private readonly current = new TtlCache<'current', { contestId: number; groupIds: number[] } | null>(STANDINGS_CACHE_MS, 1);
  /** Each cached standings' items as JSON, made once: leaderboards answer the same bytes until the cache moves on. */
  private readonly json = new WeakMap<GroupStandings, string>();

  private readonly tallies: LiveTallies;

  constructor(
    private readonly repository: StandingsRepository,
    realtime: RealtimePublisher,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'LIVE_TICK_MS'>,
  ) {
    this.tallies = new LiveTallies((groupId) => this.fresh(groupId), realtime, config.LIVE_TICK_MS);
  }

  /** The group's standings changed (a vote counted, an entry eliminated or joined): tallied at the next tick. */
  changed(groupId: number): void {
    this.tallies.changed(groupId);
  }

  onApplicationShutdown(): void {
    this.tallies.close();
  }

  /** For leaderboards: at most STANDINGS_CACHE_MS old. null: no such group. */
  group(groupId: number): Promise<GroupStandings | null> {
    return this.groups.get(groupId, () => this.load(groupId));
  }

  /** Read now, for answers that must show a change just made (live pushes, a profile's position). */
  fresh(groupId: number): Promise<GroupStandings | null> {
    return this.groups.refresh(groupId, () => this.load(groupId));
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
   * contest by number; `{}` without one (AllGroupsLeaderboard in contract/votes.ts).
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
