// Scaled mode across OS processes, proven on this machine: a vote accepted
// by api process A, counted by the worker, reaches a socket connected to api process B (and one on
// A): the worker publishes only "group N changed", and each api process writes its own sockets.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { rooms } from '#contract/live/events.js';
import { PICTURE_UPLOAD_MESSAGES } from '#contract/profiles/messages.js';
import { VOTE_MESSAGES } from '#contract/votes/messages.js';
import { Cluster } from './support/cluster.mjs';
import { countedVotes, seedContest, type SeededContest } from './support/contest-seed.js';
import { eventually } from '../helpers/source-address.js';
import { listen, type Listener } from './support/listener.js';
import { castVote, castVotes, voterAddress } from './support/voters.js';
import { signToken } from '#test/helpers/contest-fixtures.js';
import type { Redis } from 'ioredis';

describe('Scaled mode: two api processes and one worker', () => {
  let cluster: Cluster;
  let contest: SeededContest;
  let onA: Listener;
  let onB: Listener;
  /** Every message published on the Socket.IO channels (broadcasts between processes), and on the changed-groups channel. */
  const socketIoMessages: Buffer[] = [];
  const notices: string[] = [];
  let tap: Redis;

  beforeAll(async () => {
    cluster = await Cluster.start({ apis: 2, workers: 1 });
    contest = await seedContest(cluster.db, { contestants: 3, groups: 1 });
    const [star] = contest.contestants;
    tap = cluster.redis.duplicate();
    tap.on('pmessageBuffer', (_pattern: Buffer, channel: Buffer, message: Buffer) => {
      if (channel.toString().startsWith(`${cluster.redisPrefix}:socket.io`)) socketIoMessages.push(message);
      else notices.push(message.toString());
    });
    await tap.psubscribe(`${cluster.redisPrefix}:socket.io*`, `${cluster.redisPrefix}:standings:changed`);
    onA = await listen(cluster.apiUrl(0), [rooms.group(star.groupId)]);
    onB = await listen(cluster.apiUrl(1), [rooms.group(star.groupId), rooms.contestant(star.username)]);
  });

  afterAll(async () => {
    onA?.close();
    onB?.close();
    await tap?.quit();
    await cluster?.teardown();
  });

  it('should deliver votes cast through api A to a socket on api B, and store exactly the accepted votes', async () => {
    const [star, rival] = contest.contestants;
    const votesForStar = 120;
    const votesForRival = 30;
    const plan = [
      ...Array.from({ length: votesForStar }, (_, i) => ({ username: star.username, voter: voterAddress(i) })),
      ...Array.from({ length: votesForRival }, (_, i) => ({ username: rival.username, voter: voterAddress(i) })),
    ];
    const results = await castVotes(cluster.apiUrl(0), plan, 24);

    const unexpected = results.filter((r) => r.status !== 201);
    expect(unexpected).toEqual([]);
    const accepted = (name: string) => results.filter((r) => r.username === name && r.status === 201).length;
    expect(new Set(results.map((r) => r.voteId)).size).toBe(results.length);

    // B's socket sees the star's count reach the accepted number, never beyond it.
    const lastSeen = () => onB.latest(star.username)?.votes ?? 0;
    await eventually(
      'B to receive the final vote count',
      async () => lastSeen(),
      (n) => n >= accepted(star.username),
      30_000,
    );
    expect(lastSeen()).toBe(accepted(star.username));
    expect(onB.entriesOf(star.username).every((e) => e.votes <= votesForStar && e.total <= votesForStar && e.entry_id === star.entryId)).toBe(true);

    // Tallies for the group arrive coalesced (a few per second, not one per vote), and end with the final counts and ranks.
    await eventually(
      'tallies with the final counts',
      async () => [onB.latest(star.username)?.votes, onB.latest(rival.username)?.votes],
      ([a, b]) => a === votesForStar && b === votesForRival,
      10_000,
    );
    expect(onB.tallies.every((e) => e.group_id === star.groupId && e.contest_id === contest.contestId)).toBe(true);
    expect(onB.tallies.length).toBeLessThan(plan.length / 2);
    expect(onB.latest(star.username)).toMatchObject({ rank: 1, entry_id: star.entryId });
    expect(onB.latest(rival.username)).toMatchObject({ rank: 2 });
    // A socket on A (where the votes came in) sees the same final counts.
    await eventually(
      'A to receive the final counts',
      async () => [onA.latest(star.username)?.votes, onA.latest(rival.username)?.votes],
      ([a, b]) => a === votesForStar && b === votesForRival,
      10_000,
    );
    // Between processes travel only "group N changed" notices (a few, not one per vote): no tally goes through Redis.
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.length).toBeLessThan(plan.length / 2);
    expect(notices.every((n) => new RegExp(`^\\S+ ${star.groupId}$`).test(n))).toBe(true);
    expect(socketIoMessages.filter((m) => m.includes('tally'))).toEqual([]);

    // The database holds what was answered as counted.
    expect(await countedVotes(cluster.db, star)).toEqual({ current_contest_votes: votesForStar, total_votes: votesForStar });
    expect(await countedVotes(cluster.db, rival)).toEqual({ current_contest_votes: votesForRival, total_votes: votesForRival });
    expect(await countedVotes(cluster.db, contest.contestants[2])).toEqual({ current_contest_votes: 0, total_votes: 0 });
  });

  it('should refuse a second free vote from the same address within 24 hours, whichever api process gets it', async () => {
    const [, , third] = contest.contestants;
    const voter = voterAddress(5000);
    expect((await castVote(cluster.apiUrl(0), third.username, voter)).status).toBe(201);
    const again = await castVote(cluster.apiUrl(1), third.username, voter);
    expect(again.status).toBe(403);
    expect(String(again.body.detail)).toContain(VOTE_MESSAGES.alreadyCastedPhrase);
    await eventually(
      'the one vote to be counted',
      () => countedVotes(cluster.db, third),
      (v) => v.current_contest_votes === 1,
    );
  });

  it('should count exactly one of 500 simultaneous votes from one voter, spread over both api processes', async () => {
    const [, , third] = contest.contestants;
    const voter = voterAddress(6000);
    const before = (await countedVotes(cluster.db, third)).current_contest_votes;
    const answers = await Promise.all(Array.from({ length: 500 }, (_, i) => castVote(cluster.apiUrl(i % 2), third.username, voter)));
    const statuses = answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {});
    expect(statuses).toEqual({ 201: 1, 403: 499 });
    await eventually(
      'the one vote to be counted',
      () => countedVotes(cluster.db, third),
      (v) => v.current_contest_votes === before + 1,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await countedVotes(cluster.db, third)).toEqual({ current_contest_votes: before + 1, total_votes: before + 1 });
  });

  it('should serve the same leaderboard from both api processes', async () => {
    const [star] = contest.contestants;
    const path = `/api/v1/groups/${star.groupId}/leaderboard`;
    const [a, b] = await Promise.all([fetch(cluster.apiUrl(0) + path), fetch(cluster.apiUrl(1) + path)]);
    expect(a.status).toBe(200);
    const [bodyA, bodyB] = [await a.json(), await b.json()];
    expect(bodyB).toEqual(bodyA);
    expect(bodyA[0]).toMatchObject({ username: star.username, rank: 1, current_contest_votes: 120 });
  });

  it('should refuse votes through api B at once when an admin eliminates a contestant through api A', async () => {
    const [, rival] = contest.contestants;
    const { rows } = await cluster.db.query(
      `INSERT INTO users (username, email, password_hash, first_name, last_name, is_superuser, staff_role, is_competitor, is_verified)
       VALUES ('bus_admin', 'bus_admin@example.com', 'hash-bus-admin', 'Bus', 'Admin', true, 'owner', false, true)
       RETURNING username, email, password_hash, is_superuser, is_verified`,
    );
    const token = signToken({ env: cluster.env }, rows[0]);
    // B has just looked the rival up (and so holds it in its cache).
    expect((await castVote(cluster.apiUrl(1), rival.username, voterAddress(7000))).status).toBe(201);
    const cut = await fetch(`${cluster.apiUrl(0)}/api/v1/contestants/contestant-entries/${rival.entryId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ is_eliminated: true }),
    });
    expect(cut.status).toBe(200);
    // Redis pub/sub delivers in well under a millisecond on loopback; the old cache kept the target up to 2 s.
    await new Promise((r) => setTimeout(r, 50));
    const after = await castVote(cluster.apiUrl(1), rival.username, voterAddress(7001));
    expect({ status: after.status, detail: after.body.detail }).toEqual({ status: 400, detail: VOTE_MESSAGES.eliminated });
  });

  it("should hold one account's picture upload across both api processes: the others are refused at once", async () => {
    const [, , third] = contest.contestants;
    const token = signToken(
      { env: cluster.env },
      { username: third.username, email: `${third.username}@example.com`, password_hash: 'not-a-hash', is_superuser: false, is_verified: true },
    );
    const jpeg = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#402030' } })
      .jpeg()
      .toBuffer();
    const upload = (api: number) => {
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'big.jpg');
      return fetch(`${cluster.apiUrl(api)}/api/v1/contestants/my-profile/pictures`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
    };
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(i % 2)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
    for (const refused of answers.filter((a) => a.status === 429)) expect(await refused.json()).toEqual({ detail: PICTURE_UPLOAD_MESSAGES.inProgress });
    // The place is given back in Redis once the upload is over, whichever process held it.
    expect((await upload(1)).status).toBe(200);
  });
});
