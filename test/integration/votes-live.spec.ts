import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import {
  type ClientToServerEvents,
  type EntryEliminatedEvent,
  rooms,
  type ServerToClientEvents,
  type TallyEntry,
  type TallyEvent,
} from '#contract/live/events.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { eventually, loopbackAddress, requestFrom } from '../helpers/source-address.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

describe('live tallies of votes and standings', () => {
  let t: TestServer;
  let contest: number;
  let star: TestAccount;
  let rival: TestAccount;
  let groupId: number;
  let socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  const got = { tallies: [] as TallyEvent[], tallyTimes: [] as number[], eliminated: [] as EntryEliminatedEvent[] };
  const entriesOf = (name: string): TallyEntry[] => got.tallies.flatMap((t) => t.entries.filter((e) => e.username === name));

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
    socket.on('tally', (e) => {
      got.tallies.push(e);
      got.tallyTimes.push(performance.now());
    });
    socket.on('eliminated', (e) => got.eliminated.push(e));
    // The joins above were tallied too; count from a quiet start.
    await new Promise((r) => setTimeout(r, 600));
    got.tallies.length = 0;
    got.tallyTimes.length = 0;
  }, 60_000);
  afterAll(async () => {
    socket?.close();
    await t.stop();
  });

  it('should tally the counted votes as rising absolute counts, a few messages for many votes', async () => {
    const votes = 60;
    const answers = await Promise.all(
      Array.from({ length: votes }, (_, i) =>
        requestFrom(`${t.api}/contestants/${(i < 50 ? star : rival).username}/vote`, 'POST', { from: loopbackAddress(i, 2) }),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);

    const lastFor = (name: string) => entriesOf(name).at(-1);
    await eventually(
      'tallies with the final counts',
      async () => [lastFor(star.username)?.votes, lastFor(rival.username)?.votes],
      // Both final counts: the two contestants' votes may be counted in different batches.
      ([a, b]) => a === 50 && b === 10,
    );
    await new Promise((r) => setTimeout(r, 600));

    // One tally per tick at most, never one per vote, each naming a contestant only when something of
    // theirs changed: counts rise strictly, so a socket that follows both the contestant's and the
    // group's room gets each tally once, not twice.
    expect(got.tallies.length).toBeGreaterThanOrEqual(1);
    expect(got.tallies.length).toBeLessThan(votes / 2);
    // At most one per tick (100 ms) over the time they took to arrive, give or take delivery jitter.
    const span = got.tallyTimes.at(-1)! - got.tallyTimes[0];
    expect(got.tallies.length).toBeLessThanOrEqual(Math.floor(span / 100) + 2);
    expect(got.tallies.every((e) => e.contest_id === contest && e.group_id === groupId)).toBe(true);
    for (const who of [star, rival]) {
      const seen = entriesOf(who.username).map((e) => e.votes);
      expect(seen).toEqual([...new Set(seen)].sort((a, b) => a - b));
    }
    expect(lastFor(star.username)).toEqual({
      entry_id: expect.any(Number),
      username: star.username,
      votes: 50,
      paid: 0,
      total: 50,
      rank: 1,
      eliminated: false,
    });
    expect(lastFor(rival.username)).toEqual({
      entry_id: expect.any(Number),
      username: rival.username,
      votes: 10,
      paid: 0,
      total: 10,
      rank: 2,
      eliminated: false,
    });
  }, 60_000);

  it('should push the elimination once and the tally that shows it', async () => {
    const [admin] = await createAccounts(t, 'live_admin', 1, 'admin');
    const entry = (await t.db.pool.query('SELECT id FROM contest_entries WHERE profile_id = $1', [rival.profileId])).rows[0].id;
    got.tallies.length = 0;
    got.tallyTimes.length = 0;
    const res = await call(t, 'PUT', `/contestants/contestant-entries/${entry}`, admin.token, { is_eliminated: true });
    expect(res.status).toBe(200);

    const tally = await eventually(
      'a tally after the elimination',
      async () => got.tallies.at(-1),
      (s) => s !== undefined,
    );
    // The eliminated entry, its rank unchanged; nothing else, unless it is the group's periodic full tally.
    expect(tally!.entries.find((e) => e.username === rival.username)).toMatchObject({ eliminated: true, rank: 2 });
    expect(tally!.full || tally!.entries.length === 1).toBe(true);
    await new Promise((r) => setTimeout(r, 400));
    expect(got.eliminated).toEqual([{ entry_id: entry, username: rival.username, contest_id: contest, group_id: groupId }]);
    expect(got.tallies).toHaveLength(1);
  });
});
