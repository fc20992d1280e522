import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aContest, aGroup, anEntry, aPaidVote, aPayment, aSupportMessage, aUser, aVote } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { AccountDataRepository, erasedUsername } from './account-data.repository.js';

describe(AccountDataRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let repo: AccountDataRepository;
  let contestId: number;
  let groupId: number;

  const one = async (text: string, params: unknown[]) => (await db.pool.query(text, params)).rows[0];

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    repo = new AccountDataRepository(ds);
    contestId = (await aContest(db, { name: 'Screams of 2026' })).id;
    groupId = (await aGroup(db, contestId)).id;
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  /** A contestant with a picture, an answer-free profile, two free votes and one paid vote received on two days, a payment made and a support message. */
  const aContestantWithHistory = async () => {
    const who = await anEntry(db, { contestId, groupId });
    await db.pool.query(
      `UPDATE users SET first_name = 'Mira', last_name = 'Vex', instagram = 'https://www.instagram.com/mira', is_verified = true WHERE id = $1`,
      [who.userId],
    );
    await db.pool.query(`UPDATE contestant_profiles SET biography = 'I scream', pictures_urls = '{/uploads/profiles/m.jpg}' WHERE id = $1`, [who.profileId]);
    const fan = await aUser(db);
    await aVote(db, who.entryId, { created_at: new Date('2026-03-01T10:00:00Z'), user_id: fan.id });
    await aVote(db, who.entryId, { created_at: new Date('2026-03-01T11:00:00Z') });
    await aPaidVote(db, { ...who, contestId, groupId }, { created_at: new Date('2026-03-02T09:00:00Z') });
    const other = await anEntry(db, { contestId, groupId });
    await aVote(db, other.entryId, { user_id: who.userId, created_at: new Date('2026-03-03T09:00:00Z') });
    const payment = await aPayment(db, { ...other, contestId }, { user_id: who.userId, payer_name: 'Mira Vex', payer_email: 'mira@example.com' });
    await aSupportMessage(db, { user_id: who.userId, email: 'mira@example.com', name: 'Mira', message: 'Help me' });
    return { ...who, fan, other, payment };
  };

  it("should read an account's data: the account, votes received by day and kind, votes cast, payments and support messages", async () => {
    const mira = await aContestantWithHistory();
    const account = await repo.account(mira.userId);
    expect(account).toMatchObject({
      id: mira.userId,
      first_name: 'Mira',
      biography: 'I scream',
      pictures_urls: ['/uploads/profiles/m.jpg'],
      profile_id: mira.profileId,
    });
    expect(await repo.votesReceivedByDay(mira.userId)).toEqual([
      { contest: 'Screams of 2026', day: '2026-03-01', kind: 'free', votes: 2 },
      { contest: 'Screams of 2026', day: '2026-03-02', kind: 'paid', votes: 1 },
    ]);
    expect(await repo.votesCast(mira.userId)).toEqual([
      expect.objectContaining({ contest: 'Screams of 2026', profile_id: mira.other.profileId, kind: 'free' }),
    ]);
    expect(await repo.payments(mira.userId)).toEqual([
      expect.objectContaining({ id: mira.payment.id, amount_minor: 5000, votes: 55, payer_email: 'mira@example.com' }),
    ]);
    expect(await repo.supportMessages(mira.userId)).toEqual([expect.objectContaining({ message: 'Help me', email: 'mira@example.com' })]);
    expect(await repo.entries(mira.userId)).toEqual([expect.objectContaining({ contest: 'Screams of 2026', withdrawn_at: null })]);
  });

  it('should mark a deletion once, cancel it once, and list the accounts due by a time', async () => {
    const user = await aUser(db);
    const asked = new Date('2026-03-01T00:00:00Z');
    const due = new Date('2026-03-15T00:00:00Z');
    expect(await repo.requestDeletion(user.id, asked, due)).toBe(true);
    expect(await repo.requestDeletion(user.id, asked, due)).toBe(false);
    expect(await repo.deletionState(user.id)).toEqual({ deletion_requested_at: asked, deletion_due_at: due, erased_at: null });
    expect(await repo.dueForErasure(new Date('2026-03-14T23:59:59Z'), 100)).not.toContain(user.id);
    expect(await repo.dueForErasure(due, 100)).toContain(user.id);
    expect(await repo.cancelDeletion(user.id)).toBe(true);
    expect(await repo.cancelDeletion(user.id)).toBe(false);
    expect(await repo.dueForErasure(due, 100)).not.toContain(user.id);
  });

  it('should erase the person but keep the ledgers, anonymized, with the same totals', async () => {
    const mira = await aContestantWithHistory();
    const totals = () =>
      one(
        `SELECT (SELECT count(*)::int FROM votes WHERE entry_id = $1) AS received, (SELECT count(*)::int FROM votes WHERE contest_id = $2) AS contest,
                (SELECT sum(amount_minor)::int FROM payments WHERE contest_id = $2) AS paid`,
        [mira.entryId, contestId],
      );
    const before = await totals();
    await db.pool.query(`INSERT INTO auth_tokens (user_id, purpose, token_hash, expires_at) VALUES ($1, 'verify_email', $2, now() + interval '1 hour')`, [
      mira.userId,
      'd'.repeat(64),
    ]);

    await db.pool.query(`INSERT INTO user_identities (provider, subject, user_id, email) VALUES ('google', 'g-mira', $1, 'mira@example.com')`, [mira.userId]);
    await db.pool.query(
      `INSERT INTO oidc_sign_ins (state_hash, provider, nonce, code_verifier, return_to, link_user_id, expires_at)
       VALUES ($1, 'google', 'n', 'v', '/dashboard', $2, now() + interval '10 minutes')`,
      ['e'.repeat(64), mira.userId],
    );
    expect(await repo.linkedProviders(mira.userId)).toEqual([{ provider: 'google', email: 'mira@example.com', linked_at: expect.any(Date) }]);

    await repo.erase(mira.userId);

    expect(await totals()).toEqual(before);
    // No provider account leads back in, nor a sign-in under way to link one.
    expect(await repo.linkedProviders(mira.userId)).toEqual([]);
    expect((await one('SELECT count(*)::int AS n FROM oidc_sign_ins WHERE link_user_id = $1', [mira.userId])).n).toBe(0);
    expect(
      await one(
        'SELECT username, email, first_name, last_name, instagram, password_hash, is_verified, erased_at IS NOT NULL AS erased FROM users WHERE id = $1',
        [mira.userId],
      ),
    ).toEqual({
      username: erasedUsername(mira.userId),
      email: `${erasedUsername(mira.userId)}@erased.invalid`,
      first_name: '',
      last_name: '',
      instagram: null,
      password_hash: '!',
      is_verified: false,
      erased: true,
    });
    expect(await one('SELECT biography, pictures_urls FROM contestant_profiles WHERE id = $1', [mira.profileId])).toEqual({ biography: '', pictures_urls: [] });
    expect(await one('SELECT withdrawn_at IS NOT NULL AS withdrawn FROM contest_entries WHERE id = $1', [mira.entryId])).toEqual({ withdrawn: true });
    expect(await one('SELECT payer_name, payer_email, amount_minor, votes, status FROM payments WHERE id = $1', [mira.payment.id])).toEqual({
      payer_name: null,
      payer_email: '',
      amount_minor: 5000,
      votes: 55,
      status: 'created',
    });
    expect((await one('SELECT count(*)::int AS n FROM votes WHERE user_id = $1', [mira.userId])).n).toBe(0);
    expect((await one('SELECT count(*)::int AS n FROM support_messages WHERE user_id = $1', [mira.userId])).n).toBe(0);
    expect((await one('SELECT count(*)::int AS n FROM auth_tokens WHERE user_id = $1', [mira.userId])).n).toBe(0);
    // The fan who voted for her keeps their own link to their vote.
    expect((await one('SELECT count(*)::int AS n FROM votes WHERE user_id = $1', [mira.fan.id])).n).toBe(1);
    // An erased account has no data to download, and no deletion to ask for.
    expect(await repo.account(mira.userId)).toBeUndefined();
    expect(await repo.requestDeletion(mira.userId, new Date(), new Date())).toBe(false);
  });
});
