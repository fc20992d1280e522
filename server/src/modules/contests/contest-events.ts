import { Injectable } from '@nestjs/common';
import type { ContestRound } from '#contract/contests/answers.js';
import { type EntryEliminatedEvent, rooms } from '#contract/live/events.js';
import { BusTopic, ProcessBus } from '#server/infra/events/process-bus.js';
import { RealtimePublisher } from '#server/infra/realtime/realtime-publisher.js';
import { StandingsService } from '#server/modules/standings/standings.service.js';
import type { ContestEntity } from './entities/contest.entity.js';

/**
 * Live updates for admin changes, sent after the change is committed: countdowns follow the
 * current contest (room `contests`), pages of one contest its own room, and group and profile
 * pages see eliminations at once. Every process hears of each change too (BusTopic.ContestsChanged),
 * so what it cached for votes (who may be voted for, and until when) is dropped at once.
 */
@Injectable()
export class ContestEvents {
  constructor(
    private readonly realtime: RealtimePublisher,
    private readonly standings: StandingsService,
    private readonly bus: ProcessBus,
  ) {}

  /**
   * `wasCurrent`: the contest was current before the change (unsetting it concerns every countdown
   * too); `rounds`: its rounds as they are now (none for a deleted contest).
   */
  contestChanged(contest: ContestEntity, wasCurrent: boolean, rounds: { rounds: ContestRound[]; current: number | null }, deleted = false): void {
    this.bus.publish(BusTopic.ContestsChanged);
    const event = {
      id: contest.id,
      contest_name: contest.name,
      start_date: contest.startDate.toISOString(),
      end_date: contest.endDate?.toISOString() ?? null,
      is_active: contest.isActive,
      is_current: deleted ? false : contest.isCurrent,
      server_time: new Date().toISOString(),
      time_zone: contest.timeZone,
      rounds: rounds.rounds,
      current_round: rounds.current,
      carry_votes: contest.carryVotes,
      ...(deleted ? { deleted: true } : {}),
    };
    this.realtime.send(rooms.contest(contest.id), 'contest', event);
    if (wasCurrent || contest.isCurrent) this.realtime.send(rooms.contests, 'contest', event);
  }

  eliminated(event: EntryEliminatedEvent): void {
    this.bus.publish(BusTopic.ContestsChanged);
    for (const room of [rooms.group(event.group_id), rooms.contest(event.contest_id), rooms.contestant(event.username)]) {
      this.realtime.send(room, 'eliminated', event);
    }
    // The group's standings carry is_eliminated: leaderboards grey the card without a reload.
    this.standings.changed(event.group_id);
  }

  /** The group's counts started again (a cut of a contest whose votes restart): its leaderboards and tallies follow. */
  countsChanged(groupId: number): void {
    this.standings.changed(groupId);
  }

  /** An entry left the group (its account was erased): its leaderboard loses the card, and votes no longer find it. */
  left(groupId: number): void {
    this.bus.publish(BusTopic.ContestsChanged);
    this.standings.changed(groupId);
  }

  /** An entry joined the group: its leaderboard gains a card. */
  joined(groupId: number): void {
    this.bus.publish(BusTopic.ContestsChanged);
    this.standings.changed(groupId);
  }
}
