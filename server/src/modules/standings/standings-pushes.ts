import { Logger } from '@nestjs/common';
import { rooms } from '#contract/events.js';
import type { RealtimePublisher } from '#server/infra/realtime/realtime-publisher.js';
import type { GroupStandings } from './standings.service.js';

/** At most this often a group's watchers get its standings (a few per second at most). */
export const STANDINGS_PUSH_INTERVAL_MS = 250;

/**
 * Coalesces standings pushes: a change marks its group dirty, and one timer sends every dirty
 * group's standings, read afresh, at most once per interval. A burst of a thousand votes in a
 * group costs its watchers a handful of messages, never one per vote. Per process: in scaled mode
 * each worker coalesces the votes it handled. Owned by StandingsService (`changed`, `votesCounted`).
 */
export class StandingsPushes {
  private readonly logger = new Logger('Standings');
  private readonly dirty = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing = false;
  private lastFlush = 0;
  private closed = false;

  /** `read`: the group's standings read now (null: no such group). */
  constructor(
    private readonly read: (groupId: number) => Promise<GroupStandings | null>,
    private readonly realtime: RealtimePublisher,
  ) {}

  /** The group's standings changed (a vote counted, an entry eliminated or joined). */
  changed(groupId: number): void {
    this.dirty.add(groupId);
    this.schedule();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(): void {
    // A running flush schedules the next one when it ends, so two never overlap (and never reorder).
    if (this.timer || this.flushing || this.closed) return;
    const wait = Math.max(0, this.lastFlush + STANDINGS_PUSH_INTERVAL_MS - Date.now());
    this.timer = setTimeout(() => void this.flush(), wait);
  }

  private async flush(): Promise<void> {
    this.timer = null;
    const groups = [...this.dirty];
    this.dirty.clear();
    this.lastFlush = Date.now();
    this.flushing = true;
    try {
      await Promise.all(groups.map((id) => this.push(id)));
    } finally {
      this.flushing = false;
      if (this.dirty.size) this.schedule();
    }
  }

  private async push(groupId: number): Promise<void> {
    try {
      const s = await this.read(groupId);
      if (!s) return;
      this.realtime.send([rooms.group(s.groupId), rooms.contest(s.contestId)], 'standings', {
        contest_id: s.contestId,
        group_id: s.groupId,
        standings: s.items.map((i) => ({
          entry_id: i.id,
          username: i.username,
          current_contest_votes: i.current_contest_votes,
          free_votes: i.free_votes,
          paid_votes: i.paid_votes,
          rank: i.rank,
          is_eliminated: i.is_eliminated,
        })),
      });
    } catch (err) {
      this.logger.warn(`Could not push the standings of group ${groupId}: ${(err as Error).message}`);
    }
  }
}
