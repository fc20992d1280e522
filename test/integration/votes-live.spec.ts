import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, EntryEliminatedEvent, ServerToClientEvents, StandingsChangedEvent, VotesChangedEvent } from '#contract/events.js';
import { rooms } from '#contract/events.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { eventually, loopbackAddress, requestFrom } from '../helpers/source-address.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

describe('live vote and standings pushes', () => {
  let t: TestServer;
  let contest: number;
  let star: TestAccount;
  let rival: TestAccount;
  let groupId: number;
  let socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  const got = { votes: [] as VotesChangedEvent[], standings: [] as StandingsChangedEvent[], eliminated: [] as EntryEliminatedEvent[] };

  beforeAll(async () => {
    t = await startTestServer();
    contest = await insertContest(t, { name: 'Live Cup', isCurrent: true, groupSizeCap: 10 });
    [star, rival] = await createAccounts(t, 'live', 2);
    for (const a of [star, rival]) expect((await join(t, a, contest)).status).toBe(201);
    groupId = (await t.db.pool.query('SELECT group_id FROM contest_entries WHERE profile_id = $1', [star.profileId])).rows[0].group_id;

    socket = io(t.baseUrl, { transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ack = await socket.emitWithAck('subscribe', [rooms.contestant(star.username), rooms.group(groupId)]);
    expect(ack.ok).toBe(true);
    socket.on('votes', (e) => got.votes.push(e));
    socket.on('standings', (e) => got.standings.push(e));
    socket.on('eliminated', (e) => got.eliminated.push(e));
    // The joins above pushed standings of their own; count from a quiet start.
    await new Promise((r) => setTimeout(r, 600));
    got.standings.length = 0;
  }, 60_000);
  afterAll(async () => {
    socket?.close();
    await t.stop();
  });

  it('should push every counted vote as rising absolute counts, and the group standings coalesced to a few messages', async () => {
    const votes = 60;
    const answers = await Promise.all(
      Array.from({ length: votes }, (_, i) =>
        requestFrom(`${t.api}/contestants/${(i < 50 ? star : rival).username}/vote`, 'POST', { from: loopbackAddress(i, 2) }),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);

    const lastFor = (name: string) => Math.max(0, ...got.votes.filter((e) => e.username === name).map((e) => e.current_contest_votes));
    await eventually(
      'votes events with the final counts',
      async () => [lastFor(star.username), lastFor(rival.username)],
      ([a, b]) => a === 50 && b === 10,
    );
    const last = await eventually(
      'standings with the final counts',
      async () => got.standings.at(-1),
      // Both final counts: the two contestants' votes may be counted in different batches.
      (s) =>
        s?.standings.find((i) => i.username === star.username)?.current_contest_votes === 50 &&
        s?.standings.find((i) => i.username === rival.username)?.current_contest_votes === 10,
    );
    await new Promise((r) => setTimeout(r, 600));

    // Counts arrive absolute, one message per contestant per counted batch: never more messages than
    // votes, and rising strictly, so a socket that follows both the contestant and the group gets
    // each message once, not twice.
    expect(got.votes.length).toBeGreaterThanOrEqual(2);
    expect(got.votes.length).toBeLessThanOrEqual(votes);
    for (const who of [star, rival]) {
      const seen = got.votes.filter((e) => e.username === who.username).map((e) => e.current_contest_votes);
      expect(seen).toEqual([...new Set(seen)].sort((a, b) => a - b));
    }
    const forStar = got.votes.filter((e) => e.username === star.username);
    expect(forStar.every((e) => e.total_votes === e.current_contest_votes && e.current_contest_paid_votes === 0 && e.profile_id === star.profileId)).toBe(true);

    expect(got.standings.length).toBeGreaterThanOrEqual(1);
    expect(got.standings.length).toBeLessThan(votes / 4);
    expect(last).toEqual({
      contest_id: contest,
      group_id: groupId,
      standings: [
        { entry_id: expect.any(Number), username: star.username, current_contest_votes: 50, free_votes: 50, paid_votes: 0, rank: 1, is_eliminated: false },
        { entry_id: expect.any(Number), username: rival.username, current_contest_votes: 10, free_votes: 10, paid_votes: 0, rank: 2, is_eliminated: false },
      ],
    });
  }, 60_000);

  it('should push the elimination once and the standings that show it', async () => {
    const [admin] = await createAccounts(t, 'live_admin', 1, 'admin');
    const entry = (await t.db.pool.query('SELECT id FROM contest_entries WHERE profile_id = $1', [rival.profileId])).rows[0].id;
    got.standings.length = 0;
    const res = await call(t, 'PUT', `/contestants/contestant-entries/${entry}`, admin.token, { is_eliminated: true });
    expect(res.status).toBe(200);

    const standings = await eventually(
      'standings after the elimination',
      async () => got.standings.at(-1),
      (s) => s !== undefined,
    );
    expect(standings!.standings.find((i) => i.username === rival.username)).toMatchObject({ is_eliminated: true, rank: 2 });
    await new Promise((r) => setTimeout(r, 400));
    expect(got.eliminated).toEqual([{ entry_id: entry, username: rival.username, contest_id: contest, group_id: groupId }]);
    expect(got.standings).toHaveLength(1);
  });
});
