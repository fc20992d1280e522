import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { rooms } from '#contract/events.js';
import type { LeaderboardItem } from '#contract/votes.js';
import { TtlCache } from '#server/common/ttl-cache.js';
import { RealtimePublisher } from '#server/infra/realtime/realtime-publisher.js';
import { rankByVotes } from './ranking.js';
import { StandingsPushes } from './standings-pushes.js';
import { StandingsRepository } from './standings.repository.js';

/** Leaderboards are read on every open; live pushes carry the changes in between. */
export const STANDINGS_CACHE_MS = 500;

export interface GroupStandings {
  groupId: number;
  groupNumber: number;
  contestId: number;
  /** Ranked, highest first (ranking.ts). */
  items: LeaderboardItem[];
}

/** An entry's counts as a batch of votes committed them: absolute, so a repeat can only restate them. */
export interface CountedEntry {
  entryId: number;
  profileId: number;
  username: string;
  entryVotes: number;
  /** Of entryVotes, the paid ones. */
  entryPaidVotes: number;
  totalVotes: number;
}

/**
 * A group's standings, ranked from the database's committed counts, and their live updates: the
 * `votes` event per counted contestant and the coalesced `standings` pushes (standings-pushes.ts).
 */
@Injectable()
export class StandingsService implements OnApplicationShutdown {
  private readonly groups = new TtlCache<number, GroupStandings | null>(STANDINGS_CACHE_MS);
  private readonly current = new TtlCache<'current', { contestId: number; groupIds: number[] } | null>(STANDINGS_CACHE_MS, 1);
  /** Each cached standings' items as JSON, made once: leaderboards answer the same bytes until the cache moves on. */
  private readonly json = new WeakMap<GroupStandings, string>();

  private readonly pushes: StandingsPushes;

  constructor(
    private readonly repository: StandingsRepository,
    private readonly realtime: RealtimePublisher,
  ) {
    this.pushes = new StandingsPushes((groupId) => this.fresh(groupId), realtime);
  }

  /**
   * A batch of votes was committed (count-votes.handler.ts): one `votes` event per contestant with
   * its absolute counts, to its profile's and its group's rooms in one emit, and the group's
   * standings pushed at the next interval.
   */
  votesCounted(groupId: number, counts: readonly CountedEntry[]): void {
    for (const c of counts) {
      this.realtime.send([rooms.contestant(c.username), rooms.group(groupId)], 'votes', {
        username: c.username,
        profile_id: c.profileId,
        entry_id: c.entryId,
        current_contest_votes: c.entryVotes,
        current_contest_paid_votes: c.entryPaidVotes,
        total_votes: c.totalVotes,
      });
    }
    this.changed(groupId);
  }

  /** The group's standings changed (a vote counted, an entry eliminated or joined): pushed at most every 250 ms. */
  changed(groupId: number): void {
    this.pushes.changed(groupId);
  }

  onApplicationShutdown(): void {
    this.pushes.close();
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
        group_id: group.id,
        group_number: group.group_number,
        free_votes: e.current_contest_votes - e.paid_votes,
        paid_votes: e.paid_votes,
      })),
    };
  }
}
