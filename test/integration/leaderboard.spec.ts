import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ContestantProfile } from '#contract/profiles/answers.js';
import type { AllGroupsLeaderboard, LeaderboardItem } from '#contract/votes/answers.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { eventually } from '../helpers/source-address.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

describe('leaderboards', () => {
  let t: TestServer;
  let contest: number;
  let people: TestAccount[];
  let group1: number;
  let group2: number;

  const get = async <T>(path: string) => {
    const res = await call(t, 'GET', path);
    return { status: res.status, body: (await res.json()) as T };
  };
  /** Leaderboards may be up to half a second old: wait for the expected answer. */
  const leaderboard = (groupId: number, done: (items: LeaderboardItem[]) => boolean) =>
    eventually(`group ${groupId}'s leaderboard`, async () => (await get<LeaderboardItem[]>(`/groups/${groupId}/leaderboard`)).body, done);

  beforeAll(async () => {
    t = await startTestServer();
    contest = await insertContest(t, { name: 'Board Cup', isCurrent: true, groupSizeCap: 4 });
    people = await createAccounts(t, 'board', 6, 'contestant', ['/uploads/profiles/a.png', '/uploads/profiles/b.png']);
    for (const p of people) expect((await join(t, p, contest)).status).toBe(201);
    const groups = (await t.db.pool.query('SELECT id FROM groups WHERE contest_id = $1 ORDER BY group_number', [contest])).rows;
    [group1, group2] = groups.map((g) => g.id);
    // Group 1: people 0-3 (joined in that order); group 2: people 4-5. Votes with a tie in each group.
    const votes = [5, 10, 10, 0, 3, 3];
    for (const [i, p] of people.entries()) {
      await t.db.pool.query(`UPDATE contest_entries SET current_contest_votes = $2, joined_at = now() - make_interval(mins => $3) WHERE profile_id = $1`, [
        p.profileId,
        votes[i],
        60 - i,
      ]);
    }
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  });

  it('should list a group by votes, ties earlier joined first, with ranks 1, 1, 3', async () => {
    const items = await leaderboard(group1, (list) => list[0]?.current_contest_votes === 10);
    expect(items.map((i) => [i.username, i.current_contest_votes, i.rank])).toEqual([
      [people[1].username, 10, 1],
      [people[2].username, 10, 1],
      [people[0].username, 5, 3],
      [people[3].username, 0, 4],
    ]);
    expect(items[0]).toEqual({
      id: expect.any(Number),
      user_id: people[1].id,
      username: people[1].username,
      first_name: 'First2',
      last_name: 'Last2',
      picture_url: '/uploads/profiles/a.png',
      current_contest_votes: 10,
      is_eliminated: false,
      rank: 1,
      winner_place: null,
      group_id: group1,
      group_number: 1,
      free_votes: 10,
      paid_votes: 0,
    });
  });

  it('should answer every group of the current contest keyed Group {n}, in order, for anyone', async () => {
    const all = await eventually(
      'the all-groups leaderboard',
      async () => (await get<AllGroupsLeaderboard>('/groups/all-contestants')).body,
      // Both groups' counts as set above (a group read before its last update may be answered once more).
      (a) => a['Group 1']?.[0]?.current_contest_votes === 10 && a['Group 2']?.every((i) => i.current_contest_votes === 3) === true,
    );
    expect(Object.keys(all)).toEqual(['Group 1', 'Group 2']);
    expect(all['Group 2'].map((i) => [i.username, i.rank, i.group_id, i.group_number])).toEqual([
      [people[4].username, 1, group2, 2],
      [people[5].username, 1, group2, 2],
    ]);
  });

  it('should give a profile the rank its leaderboard shows', async () => {
    const position = async (p: TestAccount) => (await get<ContestantProfile>(`/contestants/${p.username}/`)).body.current_position_in_group;
    expect(await Promise.all(people.map(position))).toEqual([3, 1, 1, 4, 1, 1]);
    const me = (await (await call(t, 'GET', '/users/me', people[0].token)).json()) as { contestant_profile: ContestantProfile };
    expect(me.contestant_profile.current_position_in_group).toBe(3);
  });

  it('should keep an eliminated contestant on the board, marked, with the rank of its votes', async () => {
    await t.db.pool.query('UPDATE contest_entries SET is_eliminated = true WHERE profile_id = $1', [people[2].profileId]);
    const items = await leaderboard(group1, (list) => list.some((i) => i.is_eliminated));
    expect(items.map((i) => [i.username, i.rank, i.is_eliminated])).toEqual([
      [people[1].username, 1, false],
      [people[2].username, 1, true],
      [people[0].username, 3, false],
      [people[3].username, 4, false],
    ]);
  });

  it('should follow new votes', async () => {
    await t.db.pool.query('UPDATE contest_entries SET current_contest_votes = 11 WHERE profile_id = $1', [people[0].profileId]);
    const items = await leaderboard(group1, (list) => list[0]?.username === people[0].username);
    expect(items.map((i) => i.rank)).toEqual([1, 2, 2, 4]);
  });

  // After the tests that read the groups' members: this one adds an entrant.
  it('should give each entry its free and paid votes apart, a free vote and a paid package each in its place', async () => {
    const [star] = await createAccounts(t, 'board_split', 1);
    expect((await join(t, star, contest)).status).toBe(201);
    const groupId = (await t.db.pool.query('SELECT group_id FROM contest_entries WHERE profile_id = $1', [star.profileId])).rows[0].group_id as number;
    expect((await call(t, 'POST', `/contestants/${star.username}/vote`)).status).toBe(201);
    const site = 'http://localhost:5173';
    const bought = await call(t, 'POST', `/contestants/${star.username}/buy-votes`, undefined, {
      contestant_id: star.profileId,
      num_votes: 10,
      payer_email: 'split.fan@example.com',
      payment_method: 'stripe',
      frontend_success_url: `${site}/profile/${star.username}?payment=success`,
      frontend_cancel_url: `${site}/profile/${star.username}?payment=cancel`,
      amount_expected: 10,
    });
    expect(bought.status).toBe(200);
    const { payment_url } = (await bought.json()) as { payment_url: string };
    const paymentId = /test-checkout\/([0-9a-f-]{36})/.exec(payment_url)![1];
    expect((await call(t, 'POST', `/payments/test/${paymentId}/pay`)).status).toBe(200);

    // One free vote and a package of 12 (10 + 2 bonus), counted by the workers.
    const items = await leaderboard(groupId, (list) => list.some((i) => i.username === star.username && i.current_contest_votes === 13));
    const mine = items.find((i) => i.username === star.username)!;
    expect([mine.current_contest_votes, mine.free_votes, mine.paid_votes]).toEqual([13, 1, 12]);
    const all = (await get<AllGroupsLeaderboard>('/groups/all-contestants')).body;
    const inAll = Object.values(all)
      .flat()
      .find((i) => i.username === star.username)!;
    expect([inAll.free_votes, inAll.paid_votes]).toEqual([1, 12]);
    // Every entry's split adds up to its total.
    for (const i of Object.values(all).flat()) expect(i.free_votes + i.paid_votes).toBe(i.current_contest_votes);
  });

  it('should answer JSON', async () => {
    for (const path of [`/groups/${group1}/leaderboard`, '/groups/all-contestants']) {
      expect((await call(t, 'GET', path)).headers.get('content-type')).toBe('application/json; charset=utf-8');
    }
  });

  it('should answer 404 for an unknown group and 422 for a malformed id', async () => {
    expect(await get('/groups/999999/leaderboard')).toEqual({ status: 404, body: { detail: 'Group not found' } });
    expect((await get('/groups/abc/leaderboard')).status).toBe(422);
    expect((await get('/groups/99999999999/leaderboard')).status).toBe(422);
  });

  it('should answer {} when no contest is current', async () => {
    await t.db.pool.query('UPDATE contests SET is_current = false WHERE id = $1', [contest]);
    try {
      await eventually(
        'an empty board',
        async () => (await get<AllGroupsLeaderboard>('/groups/all-contestants')).body,
        (a) => Object.keys(a).length === 0,
      );
    } finally {
      await t.db.pool.query('UPDATE contests SET is_current = true WHERE id = $1', [contest]);
    }
  });
});
