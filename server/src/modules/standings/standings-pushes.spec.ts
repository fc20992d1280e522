import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { RealtimePublisher } from '#server/infra/realtime/realtime-publisher.js';
import { StandingsPushes, STANDINGS_PUSH_INTERVAL_MS } from './standings-pushes.js';
import type { GroupStandings } from './standings.service.js';

interface Sent {
  rooms: string | string[];
  payload: { group_id: number; standings: { current_contest_votes: number }[] };
}

describe(StandingsPushes.name, () => {
  let votes: Map<number, number>;
  let reads: number;
  let sent: Sent[];
  let pushes: StandingsPushes;

  beforeEach(() => {
    jest.useFakeTimers();
    votes = new Map();
    reads = 0;
    sent = [];
    const fresh = async (groupId: number): Promise<GroupStandings | null> => {
      reads += 1;
      if (groupId === 404) return null;
      const items = [{ id: 1, username: 'mara', current_contest_votes: votes.get(groupId) ?? 0, rank: 1, is_eliminated: false }];
      return { groupId, groupNumber: 1, contestId: 7, items } as unknown as GroupStandings;
    };
    const realtime = {
      send: (rooms: string | string[], _event: string, payload: Sent['payload']) => sent.push({ rooms, payload }),
    } as unknown as RealtimePublisher;
    pushes = new StandingsPushes(fresh, realtime);
  });
  afterEach(() => {
    pushes.close();
    jest.useRealTimers();
  });

  it('should send one message per interval for a burst of changes, with the latest counts, to the group and contest rooms', async () => {
    for (let i = 1; i <= 100; i++) {
      votes.set(5, i);
      pushes.changed(5);
      await jest.advanceTimersByTimeAsync(STANDINGS_PUSH_INTERVAL_MS / 10); // 100 votes over 2.5 s
    }
    await jest.advanceTimersByTimeAsync(STANDINGS_PUSH_INTERVAL_MS * 2);
    expect(sent.length).toBeGreaterThanOrEqual(9);
    expect(sent.length).toBeLessThanOrEqual(12);
    expect(sent.at(-1)!.payload.standings[0].current_contest_votes).toBe(100);
    expect(sent[0].rooms).toEqual(['group:5', 'contest:7']);
  });

  it('should send each dirty group once per flush, and nothing when nothing changed', async () => {
    pushes.changed(1);
    pushes.changed(2);
    pushes.changed(1);
    await jest.advanceTimersByTimeAsync(STANDINGS_PUSH_INTERVAL_MS);
    expect(sent.map((s) => s.payload.group_id).sort()).toEqual([1, 2]);
    await jest.advanceTimersByTimeAsync(STANDINGS_PUSH_INTERVAL_MS * 4);
    expect(sent).toHaveLength(2);
    expect(reads).toBe(2);
  });

  it('should skip a group that no longer exists', async () => {
    pushes.changed(404);
    await jest.advanceTimersByTimeAsync(STANDINGS_PUSH_INTERVAL_MS);
    expect(sent).toEqual([]);
  });
});
