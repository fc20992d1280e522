import { Logger } from '@nestjs/common';
import { rooms, type TallyEntry, type TallyEvent } from '#contract/live/events.js';
import type { LocalSockets } from '#server/infra/realtime/realtime-publisher.js';
import type { GroupStandings } from './standings.service.js';
import type { TickControl } from './tick-control.js';

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

/** A group's tick: whether it changed since its last tally, and when that tally went out. */
interface GroupTick {
  dirty: boolean;
  timer: NodeJS.Timeout | null;
  flushing: boolean;
  lastFlush: number;
}

const sameEntry = (a: TallyEntry, b: TallyEntry) =>
  a.votes === b.votes && a.paid === b.paid && a.total === b.total && a.rank === b.rank && a.eliminated === b.eliminated && a.username === b.username;

/**
 * Live standings as tallies, made where the sockets are (decisions 032 and 042): a change heard by
 * this process (its own, or another's notice) marks its group, and once per the group's tick the
 * group's standings are read (the per-tick cache: one read per group per tick) and the entries that
 * differ from what this process sent before go out as one `tally` to this process's own sockets in
 * the group's room and the rooms of the contestants it names, written a chunk per event-loop turn.
 *
 * A group's tick (TickControl) lengthens with its local audience and with the process's load, and
 * shortens again when the process is idle; a tally always carries the latest counts, so a longer
 * tick skips nothing. Each process's diff base is its own; every tally restates absolute values.
 */
export class LiveTallies {
  private readonly logger = new Logger('Standings');
  private readonly ticks = new Map<number, GroupTick>();
  private readonly sent = new Map<number, SentGroup>();
  private closed = false;

  /** `read`: the group's standings read after its last change (null: no such group). */
  constructor(
    private readonly read: (groupId: number) => Promise<GroupStandings | null>,
    private readonly sockets: LocalSockets,
    private readonly control: TickControl,
  ) {}

  /** The group's standings changed: its watchers here get a tally at its next tick. */
  changed(groupId: number): void {
    let tick = this.ticks.get(groupId);
    if (!tick) {
      tick = { dirty: false, timer: null, flushing: false, lastFlush: -Infinity };
      this.ticks.set(groupId, tick);
    }
    tick.dirty = true;
    this.schedule(groupId, tick);
  }

  /**
   * Changes of these groups may have been missed (a lost notice): those watched here, or tallied here
   * lately, are read again at their next tick; a tally goes out only where something differs.
   * Returns the groups marked.
   */
  resync(groupIds: Iterable<number>): number[] {
    const groups = [...new Set([...groupIds, ...this.ticks.keys()])].filter((id) => this.ticks.has(id) || this.sockets.audience(rooms.group(id)) > 0);
    for (const groupId of groups) this.changed(groupId);
    return groups;
  }

  /** The current tick of each group this process tallies, in ms (for the metrics). */
  tickMs(): Record<string, number> {
    const ticks: Record<string, number> = {};
    for (const groupId of this.ticks.keys()) ticks[groupId] = this.tickOf(groupId);
    return ticks;
  }

  close(): void {
    this.closed = true;
    for (const tick of this.ticks.values()) if (tick.timer) clearTimeout(tick.timer);
  }

  private tickOf(groupId: number): number {
    return this.control.tickFor(this.sockets.audience(rooms.group(groupId)));
  }

  private schedule(groupId: number, tick: GroupTick): void {
    // A running tally schedules the next one when it ends, so two never overlap (and never reorder).
    if (tick.timer || tick.flushing || this.closed) return;
    // The first change after a quiet tick goes out at once; under a stream, once per tick.
    const wait = Math.max(0, tick.lastFlush + this.tickOf(groupId) - Date.now());
    tick.timer = setTimeout(() => void this.flush(groupId, tick), wait);
  }

  private async flush(groupId: number, tick: GroupTick): Promise<void> {
    tick.timer = null;
    tick.dirty = false;
    tick.lastFlush = Date.now();
    tick.flushing = true;
    try {
      // A tally that could not be read or written is tried again at the next tick: no further change may come.
      if (!(await this.tally(groupId))) tick.dirty = true;
      this.forgetIdle();
    } finally {
      tick.flushing = false;
      if (tick.dirty) this.schedule(groupId, tick);
    }
  }

  /** False when the standings could not be read or the tally not written. */
  private async tally(groupId: number): Promise<boolean> {
    // A process without sockets (a scaled-mode worker, an api process nobody watches) reads nothing.
    if (!this.sockets.connected()) return true;
    try {
      const standings = await this.read(groupId);
      if (!standings) {
        this.sent.delete(groupId);
        return true;
      }
      const event = this.difference(standings, Date.now());
      if (!event) return true;
      const to = [rooms.group(groupId), ...event.entries.map((e) => rooms.contestant(e.username))];
      const busyMs = await this.sockets.write(to, 'tally', event);
      this.control.wrote(busyMs, this.control.ownStep(this.sockets.audience(rooms.group(groupId))));
      return true;
    } catch (err) {
      // What was not sent is no base for the next difference: the retry sends the group in full.
      this.sent.delete(groupId);
      this.logger.warn(`Could not send the tally of group ${groupId}: ${(err as Error).message}`);
      return false;
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
    for (const [groupId, tick] of this.ticks) if (tick.lastFlush < before && !tick.timer && !tick.flushing) this.ticks.delete(groupId);
  }
}
