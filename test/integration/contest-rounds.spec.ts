// Contest rounds through the API, one process (its PostgreSQL job queue): the rules of a create and
// an edit, the rounds' states, the preview of a cut, and the cut itself running on its own at the
// round's end (ties at the cut advance), then the last round naming the winners.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CompletedContest, Contest, ContestCountdown, RoundCutPreview } from '#contract/api-types.js';
import type { ContestChangedEvent, EntryEliminatedEvent } from '#contract/events.js';
import { JOIN_MESSAGES } from '#contract/contest-schemas.js';
import { ROUND_MESSAGES } from '#contract/round-rules.js';
import { call, createAccounts, daysFromNow, join, type TestAccount } from '../helpers/contest-fixtures.js';
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
  /** Contestants joined to the contest (groups of the default size), with their contest votes set. */
  const placed = async (prefix: string, contestId: number, votes: number[]) => {
    const users = await createAccounts(t, prefix, votes.length, 'contestant');
    for (const [i, u] of users.entries()) {
      expect((await join(t, u, contestId)).status).toBe(201);
      await t.db.pool.query('UPDATE contest_entries SET current_contest_votes = $1 WHERE user_id = $2', [votes[i], u.id]);
    }
    return users;
  };
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
      await t.db.pool.query('UPDATE contest_entries SET current_contest_votes = current_contest_votes + 3 WHERE user_id = $1', [users[2].id]);
      await t.db.pool.query('UPDATE contest_entries SET current_contest_votes = current_contest_votes + 2 WHERE user_id = $1', [users[1].id]);
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
});
