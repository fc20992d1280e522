// Contest rounds through the API, one process (its PostgreSQL job queue): the rules of a create and
// an edit, the rounds' states, the preview of a cut, and the cut itself running on its own at the
// round's end (ties at the cut advance), then the last round naming the winners.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CompletedContest, Contest, ContestCountdown, RoundCutPreview } from '#contract/contests/answers.js';
import type { ContestChangedEvent, EntryEliminatedEvent } from '#contract/live/events.js';
import type { LeaderboardItem } from '#contract/votes/answers.js';
import { JOIN_MESSAGES } from '#contract/contests/messages.js';
import { ROUND_MESSAGES } from '#contract/contests/round-rules.js';
import { call, createAccounts, daysFromNow, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { aJob, someVotes } from '../helpers/factories.js';
import { recordingSocket, type RecordingSocket } from '../helpers/recording-socket.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const future = (days: number) => daysFromNow(days).toISOString();
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('contest rounds', () => {
  let t: TestServer;
  let admin: TestAccount;
  const as = (method: string, path: string, body?: unknown) => call(t, method, path, admin.token, body);
  const fieldErrors = async (res: Response) => {
    expect(res.status).toBe(422);
    const { detail } = (await res.json()) as { detail: { loc: (string | number)[]; msg: string }[] };
    return Object.fromEntries(detail.map((d) => [d.loc.slice(1).join('.'), d.msg]));
  };
  const created = async (body: Record<string, unknown>): Promise<Contest> => {
    const res = await as('POST', '/admin/create-contest', body);
    const answer = await res.json();
    expect({ status: res.status, answer }).toEqual({ status: 201, answer: expect.anything() });
    return answer as Contest;
  };
  const contest = (extra: Record<string, unknown> = {}) => ({
    name: 'Final Girl Cup',
    description: 'Who survives the night?',
    start_date: future(1),
    ...extra,
  });
  const twoRounds = (firstEnds: string, finalEnds: string, cut: Record<string, number> = { advance_per_group: 2 }) => [
    { name: 'Heats', ends_at: firstEnds, ...cut },
    { name: 'Final', ends_at: finalEnds },
  ];
  /** `n` free votes for the contestant, written to the ledger (dated now) and counted, as the counting worker does. */
  const counted = async (userId: number, contestId: number, n: number) => {
    const { rows } = await t.db.pool.query('SELECT id FROM contest_entries WHERE user_id = $1 AND contest_id = $2', [userId, contestId]);
    const now = new Date();
    await someVotes(
      t.db,
      rows[0].id,
      Array.from({ length: n }, () => ({ kind: 'free', created_at: now })),
    );
    await t.db.pool.query('UPDATE contest_entries SET current_contest_votes = current_contest_votes + $2 WHERE id = $1', [rows[0].id, n]);
    await t.db.pool.query('UPDATE contestant_profiles SET total_votes = total_votes + $1 WHERE user_id = $2', [n, userId]);
  };
  /** Contestants joined to the contest (groups of the default size), with these votes in the ledger and counted. */
  const placed = async (prefix: string, contestId: number, votes: number[]) => {
    const users = await createAccounts(t, prefix, votes.length, 'contestant');
    for (const [i, u] of users.entries()) {
      expect((await join(t, u, contestId)).status).toBe(201);
      await counted(u.id, contestId, votes[i]);
    }
    return users;
  };
  /**
   * A free vote for the contestant accepted at `castAt`, left to the server's counting worker: its
   * count-votes job is queued to run at `runAt` (a vote counted late). Answers the vote's id.
   */
  const queuedVote = async (user: TestAccount, contestId: number, castAt: Date, runAt: Date) => {
    const { rows } = await t.db.pool.query(
      `SELECT e.id AS "entryId", e.profile_id AS "profileId", e.group_id AS "groupId", gen_random_uuid()::text AS "voteId"
       FROM contest_entries e WHERE e.user_id = $1 AND e.contest_id = $2`,
      [user.id, contestId],
    );
    const vote = { ...rows[0], contestId, username: user.username, voterHash: `h-${rows[0].voteId}`, userId: null, kind: 'free', castAt: castAt.toISOString() };
    await aJob(t.db, { name: 'count-votes', payload: { votes: [vote] }, run_at: runAt });
    return vote.voteId as string;
  };
  const inLedger = async (voteId: string) => (await t.db.pool.query('SELECT 1 FROM votes WHERE id = $1', [voteId])).rowCount === 1;
  const entries = async (contestId: number) =>
    (
      await t.db.pool.query(
        `SELECT u.username, e.current_contest_votes AS votes, e.is_eliminated, e.eliminated_in_round, e.winner_place
         FROM contest_entries e JOIN users u ON u.id = e.user_id WHERE e.contest_id = $1 ORDER BY u.username`,
        [contestId],
      )
    ).rows as { username: string; votes: number; is_eliminated: boolean; eliminated_in_round: number | null; winner_place: number | null }[];
  const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 15_000) => {
    const end = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await sleep(100);
    }
  };

  beforeAll(async () => {
    t = await startTestServer();
    [admin] = await createAccounts(t, 'rounds_boss', 1, 'admin');
  });
  afterAll(async () => {
    await t.stop();
  });

  describe('creating and editing', () => {
    it('should refuse rounds that break the rules, each at its field', async () => {
      expect(
        await fieldErrors(
          await as(
            'POST',
            '/admin/create-contest',
            contest({
              winners: 3,
              rounds: [
                { name: 'Heats', ends_at: future(5) },
                { name: 'Final', ends_at: future(4), advance_total: 3 },
              ],
            }),
          ),
        ),
      ).toEqual({
        'rounds.0.advance_per_group': ROUND_MESSAGES.cutRequired,
        'rounds.1.ends_at': ROUND_MESSAGES.endsInOrder,
        'rounds.1.advance_per_group': ROUND_MESSAGES.lastNoCut,
      });
      expect(
        await fieldErrors(
          await as(
            'POST',
            '/admin/create-contest',
            contest({
              rounds: [
                { name: '', ends_at: future(0.5), advance_per_group: 2, advance_total: 4 },
                { name: 'Final', ends_at: future(6) },
              ],
            }),
          ),
        ),
      ).toEqual({
        'rounds.0.name': ROUND_MESSAGES.nameRequired,
        'rounds.0.ends_at': ROUND_MESSAGES.endAfterStart,
        'rounds.0.advance_total': ROUND_MESSAGES.oneCut,
        winners: ROUND_MESSAGES.winnersRange,
      });
      expect(await fieldErrors(await as('POST', '/admin/create-contest', contest({ winners: 2, rounds: twoRounds(future(0.5), future(6)) })))).toEqual({
        'rounds.0.ends_at': ROUND_MESSAGES.endAfterStart,
      });
      expect(
        await fieldErrors(await as('POST', '/admin/create-contest', contest({ winners: 2, end_date: future(9), rounds: twoRounds(future(3), future(6)) }))),
      ).toEqual({
        end_date: ROUND_MESSAGES.endWithContest,
      });
      expect(await fieldErrors(await as('POST', '/admin/create-contest', contest({ winners: 6, rounds: twoRounds(future(3), future(6)) })))).toEqual({
        winners: ROUND_MESSAGES.winnersRange,
      });
      expect(await fieldErrors(await as('POST', '/admin/create-contest', contest({ rounds: twoRounds(future(3), future(6)) })))).toEqual({
        winners: ROUND_MESSAGES.winnersRange,
      });
      expect(await fieldErrors(await as('POST', '/admin/create-contest', contest({ winners: 1 })))).toEqual({ winners: ROUND_MESSAGES.winnersNeedRounds });
      const four = [1, 2, 3, 4].map((n) => ({ name: `R${n}`, ends_at: future(n + 1), advance_total: 10 }));
      expect(await fieldErrors(await as('POST', '/admin/create-contest', contest({ winners: 1, rounds: four })))).toEqual({ rounds: ROUND_MESSAGES.tooMany });
    });

    it('should keep the time zone a contest is planned in, UTC unless told, and refuse one that is not a zone', async () => {
      expect((await created(contest())).time_zone).toBe('UTC');
      // Stored as the runtime names it.
      const paris = await created(contest({ time_zone: 'europe/paris' }));
      expect(paris.time_zone).toBe('Europe/Paris');
      expect(await fieldErrors(await as('POST', '/admin/create-contest', contest({ time_zone: 'Mars/Olympus_Mons' })))).toEqual({
        time_zone: ROUND_MESSAGES.timeZone,
      });
      expect(await fieldErrors(await as('PUT', `/admin/contests/${paris.id}`, { time_zone: 42 }))).toEqual({ time_zone: ROUND_MESSAGES.timeZone });
      const moved = (await (await as('PUT', `/admin/contests/${paris.id}`, { time_zone: 'America/New_York' })).json()) as Contest;
      expect(moved).toMatchObject({ time_zone: 'America/New_York', start_date: paris.start_date });
    });

    it('should store the rounds, end the contest with the last one, and answer their states', async () => {
      const c = await created(contest({ winners: 3, rounds: twoRounds(future(3), future(6), { advance_total: 20 }) }));
      expect(c).toMatchObject({ winners: 3, current_round: null });
      expect(c.end_date).toBe(c.rounds[1].ends_at);
      expect(c.rounds).toEqual([
        {
          id: expect.any(Number),
          position: 1,
          name: 'Heats',
          ends_at: expect.any(String),
          advance_per_group: null,
          advance_total: 20,
          state: 'upcoming',
          closed_at: null,
        },
        {
          id: expect.any(Number),
          position: 2,
          name: 'Final',
          ends_at: c.end_date,
          advance_per_group: null,
          advance_total: null,
          state: 'upcoming',
          closed_at: null,
        },
      ]);
      // An edit without rounds leaves them; one with them replaces the open ones, keeping their ids.
      const renamed = (await (await as('PUT', `/admin/contests/${c.id}`, { name: 'Final Girl Cup II' })).json()) as Contest;
      expect(renamed.rounds).toEqual(c.rounds);
      const res = await as('PUT', `/admin/contests/${c.id}`, {
        rounds: [
          { name: 'Semis', ends_at: future(4), advance_per_group: 3 },
          { name: 'Final', ends_at: future(8) },
        ],
      });
      expect(res.status).toBe(200);
      const edited = (await res.json()) as Contest;
      expect(edited.rounds.map((r) => [r.id, r.name, r.advance_per_group])).toEqual([
        [c.rounds[0].id, 'Semis', 3],
        [c.rounds[1].id, 'Final', null],
      ]);
      expect(edited.end_date).toBe(edited.rounds[1].ends_at);
      // No rounds any more: no winners, and the end date stays.
      const none = (await (await as('PUT', `/admin/contests/${c.id}`, { rounds: [] })).json()) as Contest;
      expect(none).toMatchObject({ rounds: [], winners: 0, current_round: null, end_date: edited.end_date });
      expect((await as('GET', `/admin/contests/${c.id}/rounds/1/cut`)).status).toBe(404);
    });
  });

  describe('a contest running its rounds', () => {
    let socket: RecordingSocket['socket'];
    let received: RecordingSocket['received'];
    beforeAll(async () => {
      ({ socket, received } = await recordingSocket(t.baseUrl));
    });
    afterAll(() => {
      socket.close();
    });

    it('should cut each group at the round’s end by itself, once, ties at the cut advancing, then name the winners', async () => {
      const c = await created(contest({ start_date: new Date().toISOString(), winners: 2, rounds: twoRounds(future(1), future(2)) }));
      expect(c).toMatchObject({ current_round: 1 });
      expect(c.rounds.map((r) => r.state)).toEqual(['running', 'upcoming']);
      const users = await placed('cut', c.id, [10, 8, 8, 5, 0]);
      const names = users.map((u) => u.username);
      await new Promise((resolve) => socket.emit('subscribe', [`contest:${c.id}`], resolve));

      // The preview: the two tied at 8 share rank 2 and both advance.
      const preview = (await (await as('GET', `/admin/contests/${c.id}/rounds/1/cut`)).json()) as RoundCutPreview;
      expect(preview).toMatchObject({ last: false, advancing: 3, eliminated: 2 });
      expect(preview.entries.map((e) => [e.username, e.rank, e.advances])).toEqual([
        [names[0], 1, true],
        [names[1], 2, true],
        [names[2], 2, true],
        [names[3], 4, false],
        [names[4], 5, false],
      ]);
      expect(await entries(c.id)).toEqual(expect.arrayContaining([expect.objectContaining({ is_eliminated: false })]));

      // The round now ends in two seconds: the job queued for its old end finds nothing to do.
      const soon = await as('PUT', `/admin/contests/${c.id}`, { rounds: twoRounds(inSeconds(2), future(2)) });
      expect(soon.status).toBe(200);
      await until('the first round to close', async () => (await entries(c.id)).some((e) => e.is_eliminated));
      await sleep(1500);
      const after = await entries(c.id);
      const roundId = c.rounds[0].id;
      expect(after.map((e) => [e.username, e.is_eliminated, e.eliminated_in_round])).toEqual(
        names.map((n, i) => [n, i >= 3, i >= 3 ? roundId : null]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      );
      // Each eliminated contestant's event went out once.
      const events = received.filter((r) => r.event === 'eliminated').map((r) => (r.payload as EntryEliminatedEvent).username);
      expect(events.sort()).toEqual([names[3], names[4]].sort());
      const closedEvent = received.find((r) => r.event === 'contest' && (r.payload as ContestChangedEvent).current_round === 2)?.payload as ContestChangedEvent;
      expect(closedEvent.rounds.map((r) => r.state)).toEqual(['closed', 'running']);
      const countdown = (await (await as('PUT', `/admin/contests/${c.id}`, { is_current: true })).json()) as Contest;
      expect(countdown.current_round).toBe(2);
      const publicCountdown = (await (await call(t, 'GET', '/admin/current-contest/countdown')).json()) as ContestCountdown;
      expect(publicCountdown).toMatchObject({ id: c.id, current_round: 2 });

      // Past the first cut, nobody new joins (the contest stays listed, saying which rounds closed).
      const [late] = await createAccounts(t, 'late_cut', 1, 'contestant');
      const refused = await join(t, late, c.id);
      expect({ status: refused.status, body: await refused.json() }).toEqual({ status: 400, body: { detail: JOIN_MESSAGES.pastFirstCut } });
      const offered = (await (await call(t, 'GET', '/contests/all-contests', late.token)).json()) as Contest[];
      expect(offered.find((o) => o.id === c.id)?.rounds.map((r) => r.state)).toEqual(['closed', 'running']);

      // A closed round cannot be changed; the open one can.
      const closedEdit = await as('PUT', `/admin/contests/${c.id}`, { rounds: twoRounds(future(1), future(3)) });
      expect(await fieldErrors(closedEdit)).toEqual({ 'rounds.0': ROUND_MESSAGES.closedRound });

      // The last round: names[2] leads with 11, names[0] and names[1] are tied for second with 10; with 2 winners all three win.
      await counted(users[2].id, c.id, 3);
      await counted(users[1].id, c.id, 2);
      const stored = (await (await as('GET', `/admin/contests/${c.id}`)).json()) as Contest;
      const keep = stored.rounds.map((r) => ({ name: r.name, ends_at: r.ends_at, advance_per_group: r.advance_per_group, advance_total: r.advance_total }));
      keep[1].ends_at = inSeconds(2);
      expect((await as('PUT', `/admin/contests/${c.id}`, { rounds: keep })).status).toBe(200);
      await until('the winners', async () => (await entries(c.id)).some((e) => e.winner_place !== null));
      const places = Object.fromEntries((await entries(c.id)).map((e) => [e.username, e.winner_place]));
      expect(places).toEqual({ [names[0]]: 2, [names[1]]: 2, [names[2]]: 1, [names[3]]: null, [names[4]]: null });
      const final = (await (await as('GET', `/admin/contests/${c.id}`)).json()) as Contest;
      expect(final).toMatchObject({ current_round: null });
      expect(final.named_winners.map((w) => [w.place, w.username])).toEqual(
        [
          [1, names[2]],
          [2, names[0]],
          [2, names[1]],
        ].sort((a, b) => Number(a[0]) - Number(b[0]) || String(a[1]).localeCompare(String(b[1]))),
      );
      expect(final.rounds.map((r) => r.state)).toEqual(['closed', 'closed']);
      expect((await as('PUT', `/admin/contests/${c.id}`, { winners: 3 })).status).toBe(422);
      // The competitions page lists it among the completed contests, for anyone.
      const completed = (await (await call(t, 'GET', '/contests/completed')).json()) as CompletedContest[];
      expect(completed.find((x) => x.id === c.id)).toMatchObject({ name: c.name, contestants: 5, groups: 1, winners: final.named_winners });
    }, 60_000);
  });

  describe('votes as of the round’s end, carried over or restarted', () => {
    /** The group's leaderboard (public), by username: the votes it shows, free and paid. */
    const board = async (groupId: number) => {
      const items = (await (await call(t, 'GET', `/groups/${groupId}/leaderboard`)).json()) as LeaderboardItem[];
      return Object.fromEntries(items.map((i) => [i.username, [i.current_contest_votes, i.free_votes, i.paid_votes]]));
    };
    const groupOf = async (contestId: number) => (await t.db.pool.query('SELECT id FROM groups WHERE contest_id = $1', [contestId])).rows[0].id as number;
    /** Moves the round at `position` to end at `endsAt` (the others kept); answers the end in ms. */
    const endRoundAt = async (contestId: number, position: number, endsAt: string) => {
      const stored = (await (await as('GET', `/admin/contests/${contestId}`)).json()) as Contest;
      const keep = stored.rounds.map((r) => ({ name: r.name, ends_at: r.ends_at, advance_per_group: r.advance_per_group, advance_total: r.advance_total }));
      keep[position - 1].ends_at = endsAt;
      const res = await as('PUT', `/admin/contests/${contestId}`, { rounds: keep });
      expect(res.status).toBe(200);
      return Date.parse(endsAt);
    };

    it('should cut by the votes cast before the end, counted in time or late, not those cast after it; carried votes go on', async () => {
      const c = await created(contest({ start_date: new Date().toISOString(), winners: 1, rounds: twoRounds(future(1), future(2), { advance_total: 2 }) }));
      expect(c.carry_votes).toBe(true);
      const users = await placed('asof', c.id, [3, 3, 2, 2]);
      const names = users.map((u) => u.username);
      const groupId = await groupOf(c.id);
      const end = await endRoundAt(c.id, 1, inSeconds(3));
      // Cast just before the end, counted two seconds after it (before the settled cut): it counts for the cut.
      const late = await queuedVote(users[2], c.id, new Date(end - 500), new Date(end + 2000));
      // Cast after the end: counted at once, in the next round's votes, not in this cut.
      const after = await queuedVote(users[3], c.id, new Date(end + 1000), new Date(end + 1000));
      await until('the late vote to be counted', async () => (await inLedger(late)) && (await inLedger(after)));
      expect((await entries(c.id)).every((e) => !e.is_eliminated)).toBe(true);
      await until('the first round to close', async () => (await entries(c.id)).some((e) => e.is_eliminated));
      // names[0], names[1] and names[2] tie at 3 votes before the end (rank 1): all advance; names[3] had 2.
      expect((await entries(c.id)).map((e) => [e.username, e.is_eliminated])).toEqual(names.map((n, i) => [n, i === 3]));
      // Carried over: the next round starts from every vote counted, the one after the end included.
      await until('the leaderboard', async () => (await board(groupId))[names[3]]?.[0] === 3);
      expect(await board(groupId)).toEqual({ [names[0]]: [3, 3, 0], [names[1]]: [3, 3, 0], [names[2]]: [3, 3, 0], [names[3]]: [3, 3, 0] });
      // The final ranks every vote of the contest: names[1] gains one and wins.
      await counted(users[1].id, c.id, 1);
      await endRoundAt(c.id, 2, inSeconds(2));
      await until('the winners', async () => (await entries(c.id)).some((e) => e.winner_place !== null));
      expect((await entries(c.id)).map((e) => [e.username, e.winner_place])).toEqual(names.map((n, i) => [n, i === 1 ? 1 : null]));
    }, 60_000);

    it('should wait to cut while votes cast before the end are still being counted, however long past the settle', async () => {
      const c = await created(contest({ start_date: new Date().toISOString(), winners: 1, rounds: twoRounds(future(1), future(2), { advance_total: 2 }) }));
      const users = await placed('backlog', c.id, [3, 3, 2, 2]);
      const names = users.map((u) => u.username);
      const end = await endRoundAt(c.id, 1, inSeconds(2));
      // Accepted before the end, its counting held up until 9 s after it: well past the 5 s settle.
      const held = await queuedVote(users[2], c.id, new Date(end - 500), new Date(end + 9000));
      await sleep(end + 7500 - Date.now());
      // The cut was due 2.5 s ago: it waits for the vote rather than rank without it.
      expect(await inLedger(held)).toBe(false);
      expect((await entries(c.id)).every((e) => !e.is_eliminated)).toBe(true);
      await until('the held vote to be counted', () => inLedger(held));
      await until('the first round to close', async () => (await entries(c.id)).some((e) => e.is_eliminated));
      // With it, names[2] ties for first (3 votes) and goes on; without it, it would have been cut with names[3].
      expect((await entries(c.id)).map((e) => [e.username, e.is_eliminated])).toEqual(names.map((n, i) => [n, i === 3]));
    }, 60_000);

    it('should restart the votes at zero for the next round when they do not carry over, and rank the next cut by them only', async () => {
      const c = await created(
        contest({ start_date: new Date().toISOString(), winners: 1, carry_votes: false, rounds: twoRounds(future(1), future(2), { advance_total: 2 }) }),
      );
      expect(c.carry_votes).toBe(false);
      const users = await placed('restart', c.id, [5, 4, 1]);
      const names = users.map((u) => u.username);
      const groupId = await groupOf(c.id);
      const end = await endRoundAt(c.id, 1, inSeconds(2));
      await until('the first round to close', async () => (await entries(c.id)).some((e) => e.is_eliminated));
      expect((await entries(c.id)).map((e) => [e.username, e.is_eliminated])).toEqual(names.map((n, i) => [n, i === 2]));
      // The closed round's preview shows its cut as it ran: the heats' votes, and who went on.
      const heats = (await (await as('GET', `/admin/contests/${c.id}/rounds/1/cut`)).json()) as RoundCutPreview;
      expect({ advancing: heats.advancing, eliminated: heats.eliminated, state: heats.round.state }).toEqual({ advancing: 2, eliminated: 1, state: 'closed' });
      expect(heats.entries.map((e) => [e.username, e.votes, e.rank, e.advances])).toEqual([
        [names[0], 5, 1, true],
        [names[1], 4, 2, true],
        [names[2], 1, 3, false],
      ]);
      // Every card starts the final at zero; a new vote makes one.
      expect(await board(groupId)).toEqual({ [names[0]]: [0, 0, 0], [names[1]]: [0, 0, 0], [names[2]]: [0, 0, 0] });
      const fresh = await queuedVote(users[1], c.id, new Date(), new Date());
      await until('the new vote to be counted', () => inLedger(fresh));
      await until('the leaderboard', async () => (await board(groupId))[names[1]]?.[0] === 1);
      // A vote cast before the end and counted only now belongs to the first round: the final's count stays.
      const old = await queuedVote(users[0], c.id, new Date(end - 1000), new Date());
      await until('the old vote to be counted', () => inLedger(old));
      // A void, after the cut, of the first round's votes takes nothing from the final's count.
      const voided = await as('POST', '/admin/vote-review/void', {
        entry_id: (await t.db.pool.query('SELECT id FROM contest_entries WHERE user_id = $1', [users[0].id])).rows[0].id,
        from: new Date(end - 3_600_000).toISOString(),
        to: new Date(end).toISOString(),
        reason: 'Scripted votes of the heats',
      });
      expect(voided.status).toBe(200);
      expect(await voided.json()).toEqual({ removed: 6, current_contest_votes: 0, free_votes: 0, paid_votes: 0 });
      await sleep(600);
      expect(await board(groupId)).toEqual({ [names[0]]: [0, 0, 0], [names[1]]: [1, 1, 0], [names[2]]: [0, 0, 0] });
      // The preview of the final ranks the final's votes only: names[1] leads with 1, names[0] had 5 in the heats.
      const preview = (await (await as('GET', `/admin/contests/${c.id}/rounds/2/cut`)).json()) as RoundCutPreview;
      expect(preview.entries.map((e) => [e.username, e.votes, e.rank])).toEqual([
        [names[1], 1, 1],
        [names[0], 0, 2],
      ]);

      // The way votes count cannot change once a round has closed (sending it unchanged is fine).
      const change = await as('PUT', `/admin/contests/${c.id}`, { carry_votes: true });
      expect({ status: change.status, body: await change.json() }).toEqual({ status: 400, body: { detail: ROUND_MESSAGES.carryVotesAfterCut } });
      expect((await as('PUT', `/admin/contests/${c.id}`, { carry_votes: false })).status).toBe(200);

      // The final names the winner by the final's votes.
      await endRoundAt(c.id, 2, inSeconds(2));
      await until('the winners', async () => (await entries(c.id)).some((e) => e.winner_place !== null));
      expect((await entries(c.id)).map((e) => [e.username, e.winner_place])).toEqual(names.map((n, i) => [n, i === 1 ? 1 : null]));
      // The closed final as it ran: its own votes, among those still in the race.
      const final = (await (await as('GET', `/admin/contests/${c.id}/rounds/2/cut`)).json()) as RoundCutPreview;
      expect(final.entries.map((e) => [e.username, e.votes, e.rank, e.advances])).toEqual([
        [names[1], 1, 1, true],
        [names[0], 0, 2, false],
      ]);
    }, 60_000);

    it('should let carry_votes change before any round has closed', async () => {
      const c = await created(contest({ winners: 1, rounds: twoRounds(future(3), future(6)) }));
      const edited = (await (await as('PUT', `/admin/contests/${c.id}`, { carry_votes: false })).json()) as Contest;
      expect(edited.carry_votes).toBe(false);
      expect(await fieldErrors(await as('PUT', `/admin/contests/${c.id}`, { carry_votes: 'no' }))).toEqual({ carry_votes: ROUND_MESSAGES.carryVotesType });
    });
  });
});
