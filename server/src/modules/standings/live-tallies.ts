import { Logger } from '@nestjs/common';
import { rooms, type TallyEntry, type TallyEvent } from '#contract/events.js';
import type { RealtimePublisher } from '#server/infra/realtime/realtime-publisher.js';
import type { GroupStandings } from './standings.service.js';

/**
 * While a group keeps changing, its tally carries every entry at least this often: a client that
 * missed a tally (or holds an older read) is whole again within this time.
 */
export const FULL_TALLY_EVERY_MS = 5_000;

/** What this process last sent of a group is forgotten after this long without a change. */
const FORGET_AFTER_MS = 10 * 60_000;

/** What this process last sent of a group: the base the next tally is the difference from. */
interface SentGroup {
  entries: Map<number, TallyEntry>;
  fullAt: number;
  usedAt: number;
}

const sameEntry = (a: TallyEntry, b: TallyEntry) =>
  a.votes === b.votes && a.paid === b.paid && a.total === b.total && a.rank === b.rank && a.eliminated === b.eliminated && a.username === b.username;

/**
 * Live standings as tallies: a change (votes counted, an entry eliminated or joined) marks its group,
 * and once per tick every marked group's standings are read afresh and the entries that differ from
 * what this process sent before go out as one `tally` to the group's room and the rooms of the
 * contestants it names. The cost per tick is one read and one message per changed group (one Redis
 * publish in scaled mode, encoded once for every socket), whatever the vote rate; a watcher gets at
 * most one tally per followed group per tick.
 *
 * Per process: in scaled mode each worker tallies the votes it counted. Values are absolute, so
 * tallies of two workers never take a count back for long; a rank that moved because of the other
 * worker's votes is restated at the next full tally (FULL_TALLY_EVERY_MS).
 */
export class LiveTallies {
  private readonly logger = new Logger('Standings');
  private readonly dirty = new Set<number>();
  private readonly sent = new Map<number, SentGroup>();
  private timer: NodeJS.Timeout | null = null;
  private flushing = false;
  private lastFlush = 0;
  private closed = false;

  /** `read`: the group's standings read now (null: no such group); `tickMs`: the least time between two tallies of this process. */
  constructor(
    private readonly read: (groupId: number) => Promise<GroupStandings | null>,
    private readonly realtime: RealtimePublisher,
    private readonly tickMs: number,
  ) {}

  /** The group's standings changed: its watchers get a tally at the next tick. */
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
    // The first change after a quiet tick goes out at once; under a stream, once per tick.
    const wait = Math.max(0, this.lastFlush + this.tickMs - Date.now());
    this.timer = setTimeout(() => void this.flush(), wait);
  }

  private async flush(): Promise<void> {
    this.timer = null;
    const groups = [...this.dirty];
    this.dirty.clear();
    this.lastFlush = Date.now();
    this.flushing = true;
    try {
      await Promise.all(groups.map((id) => this.tally(id)));
      this.forgetIdle();
    } finally {
      this.flushing = false;
      if (this.dirty.size) this.schedule();
    }
  }

  private async tally(groupId: number): Promise<void> {
    try {
      const standings = await this.read(groupId);
      if (!standings) {
        this.sent.delete(groupId);
        return;
      }
      const event = this.difference(standings, Date.now());
      if (!event) return;
      const to = [rooms.group(groupId), ...event.entries.map((e) => rooms.contestant(e.username))];
      this.realtime.send(to, 'tally', event);
    } catch (err) {
      this.logger.warn(`Could not send the tally of group ${groupId}: ${(err as Error).message}`);
    }
  }

  /** The tally to send (null: nothing changed), remembered as the base of the next one. */
  private difference(s: GroupStandings, now: number): TallyEvent | null {
    const base = this.sent.get(s.groupId);
    const full = !base || now - base.fullAt >= FULL_TALLY_EVERY_MS;
    const entries = new Map<number, TallyEntry>();
    const changed: TallyEntry[] = [];
    for (const item of s.items) {
      const entry: TallyEntry = {
        entry_id: item.id,
        username: item.username,
        votes: item.current_contest_votes,
        paid: item.paid_votes,
        total: s.totals.get(item.id) ?? item.current_contest_votes,
        rank: item.rank,
        eliminated: item.is_eliminated,
      };
      entries.set(item.id, entry);
      const before = base?.entries.get(item.id);
      if (full || !before || !sameEntry(before, entry)) changed.push(entry);
    }
    if (!changed.length) {
      if (base) base.usedAt = now;
      return null;
    }
    this.sent.set(s.groupId, { entries, fullAt: full ? now : base!.fullAt, usedAt: now });
    return { contest_id: s.contestId, group_id: s.groupId, full, entries: changed };
  }

  private forgetIdle(): void {
    const before = Date.now() - FORGET_AFTER_MS;
    for (const [groupId, group] of this.sent) if (group.usedAt < before) this.sent.delete(groupId);
  }
}
