import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DEFAULT_MAIL_PREFERENCES } from '#contract/mail/constants.js';
import { aContest, aGroup, anEntry, aRound, aUser } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { ContestantMailRepository } from './contestant-mail.repository.js';

const HOUR_MS = 3_600_000;

/** Tokens are stored as their SHA-256, in hex. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

describe(ContestantMailRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let mail: ContestantMailRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    mail = new ContestantMailRepository(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should answer the defaults until a first choice, then set only the kinds given', async () => {
    const user = await aUser(db);
    expect(await mail.preferences(user.id)).toEqual(DEFAULT_MAIL_PREFERENCES);
    expect(await mail.savePreferences(user.id, {})).toEqual(DEFAULT_MAIL_PREFERENCES);
    expect((await db.pool.query('SELECT 1 FROM mail_preferences WHERE user_id = $1', [user.id])).rowCount).toBe(0);

    expect(await mail.savePreferences(user.id, { daily_digest: true, below_cut: false })).toEqual({
      ...DEFAULT_MAIL_PREFERENCES,
      daily_digest: true,
      below_cut: false,
    });
    const before = (await db.pool.query('SELECT updated_at FROM mail_preferences WHERE user_id = $1', [user.id])).rows[0].updated_at as Date;
    expect(await mail.savePreferences(user.id, { winner: false })).toEqual({ round_results: true, below_cut: false, winner: false, daily_digest: true });
    expect(await mail.preferences(user.id)).toEqual({ round_results: true, below_cut: false, winner: false, daily_digest: true });
    const after = (await db.pool.query('SELECT updated_at FROM mail_preferences WHERE user_id = $1', [user.id])).rows[0].updated_at as Date;
    expect(after.getTime()).toBeGreaterThanOrEqual(before.getTime());
  });

  it('should answer the accounts that get a kind, by their choice or else its default', async () => {
    const [quiet, keen, plain] = [await aUser(db), await aUser(db), await aUser(db, { locale: 'pt-BR' })];
    await mail.savePreferences(quiet.id, { round_results: false, daily_digest: false });
    await mail.savePreferences(keen.id, { daily_digest: true });
    const ids = [quiet.id, keen.id, plain.id, 987_654];
    const of = async (kind: 'round_results' | 'daily_digest' | 'winner') => (await mail.recipients(ids, kind)).map((r) => r.user_id).sort((a, b) => a - b);

    expect(await of('round_results')).toEqual([keen.id, plain.id]);
    expect(await of('daily_digest')).toEqual([keen.id]);
    expect(await of('winner')).toEqual([quiet.id, keen.id, plain.id]);
    expect(await mail.recipients([plain.id], 'winner')).toEqual([
      { user_id: plain.id, email: `${plain.username.toLowerCase()}@example.com`, username: plain.username, locale: 'pt-BR' },
    ]);
    expect(await mail.recipients([], 'winner')).toEqual([]);
    // An erased account gets nothing, whatever the defaults say.
    await db.pool.query('UPDATE users SET erased_at = now() WHERE id = $1', [plain.id]);
    expect(await of('winner')).toEqual([quiet.id, keen.id]);
  });

  it('should record an e-mail once: a second claim of the same event is refused', async () => {
    const user = await aUser(db);
    const contest = await aContest(db, { is_current: false });
    expect(await mail.claim(user.id, 'round_results', 'round:1', contest.id, 3)).toBe(true);
    expect(await mail.claim(user.id, 'round_results', 'round:1', contest.id, 3)).toBe(false);
    expect(await mail.claim(user.id, 'round_results', 'round:2', contest.id, null)).toBe(true);
    expect(await mail.claim(user.id, 'winner', 'winner:1', null, null)).toBe(true);
    const { rows } = await db.pool.query('SELECT kind, event_key, contest_id, rank FROM contestant_mails WHERE user_id = $1 ORDER BY event_key', [user.id]);
    expect(rows).toEqual([
      { kind: 'round_results', event_key: 'round:1', contest_id: contest.id, rank: 3 },
      { kind: 'round_results', event_key: 'round:2', contest_id: contest.id, rank: null },
      { kind: 'winner', event_key: 'winner:1', contest_id: null, rank: null },
    ]);
  });

  it('should answer an unexpired token, and drop the account’s expired ones when it stores a new one', async () => {
    const user = await aUser(db);
    await mail.insertToken(user.id, 'winner', hashOf('old'), new Date(Date.now() - HOUR_MS));
    expect(await mail.token(hashOf('old'))).toBeNull();
    await mail.insertToken(user.id, 'below_cut', hashOf('new'), new Date(Date.now() + HOUR_MS));
    expect(await mail.token(hashOf('new'))).toEqual({ user_id: user.id, kind: 'below_cut' });
    expect(await mail.token(hashOf('none'))).toBeNull();
    const { rows } = await db.pool.query('SELECT token_hash FROM mail_unsubscribe_tokens WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([{ token_hash: hashOf('new') }]);
  });

  it("should answer each account's rank of its last digest of the contest", async () => {
    const contest = await aContest(db, { is_current: false });
    const other = await aContest(db, { is_current: false });
    const [ann, bob, cid] = [await aUser(db), await aUser(db), await aUser(db)];
    await mail.claim(ann.id, 'daily_digest', 'digest:1', contest.id, 5);
    await mail.claim(ann.id, 'daily_digest', 'digest:2', contest.id, 2);
    await mail.claim(ann.id, 'daily_digest', 'digest:3', other.id, 9);
    await mail.claim(bob.id, 'daily_digest', 'digest:1', contest.id, null);
    await mail.claim(cid.id, 'round_results', 'round:1', contest.id, 1);
    await db.pool.query(`UPDATE contestant_mails SET sent_at = now() - interval '1 day' WHERE user_id = $1 AND event_key = 'digest:1'`, [ann.id]);

    expect(await mail.lastDigestRanks(contest.id, [ann.id, bob.id, cid.id])).toEqual(new Map([[ann.id, 2]]));
    expect(await mail.lastDigestRanks(contest.id, [])).toEqual(new Map());
  });

  it('should answer the contestants still in the race who want the digest, joined in time and not yet sent it', async () => {
    const contest = await aContest(db, { is_current: false });
    const group = await aGroup(db, contest.id);
    const joined = (username: string, fields = {}) => anEntry(db, { contestId: contest.id, groupId: group.id }, { username, entry: fields });
    const wants = await joined('wants');
    const sent = await joined('sent');
    const out = await joined('out', { is_eliminated: true });
    const late = await joined('late', { joined_at: new Date(Date.now() + HOUR_MS) });
    const silent = await joined('silent');
    for (const e of [wants, sent, out, late]) await mail.savePreferences(e.userId, { daily_digest: true });
    await mail.savePreferences(silent.userId, { winner: false });
    await mail.claim(sent.userId, 'daily_digest', 'digest:today', contest.id, 1);
    await mail.claim(wants.userId, 'daily_digest', 'digest:yesterday', contest.id, 1);

    expect(await mail.digestPending(contest.id, 'digest:today', new Date())).toEqual([wants.userId]);
    expect((await mail.digestPending(contest.id, 'digest:tomorrow', new Date(Date.now() + 2 * HOUR_MS))).sort((a, b) => a - b)).toEqual(
      [wants.userId, sent.userId, late.userId].sort((a, b) => a - b),
    );
  });

  it('should say whether a round has closed', async () => {
    const contest = await aContest(db, { is_current: false });
    const open = await aRound(db, contest.id);
    const closed = await aRound(db, contest.id, { position: 2, name: 'Final', closed_at: new Date() });
    expect(await mail.roundClosed(open.id)).toBe(false);
    expect(await mail.roundClosed(closed.id)).toBe(true);
    expect(await mail.roundClosed(987_654)).toBe(false);
  });
});
