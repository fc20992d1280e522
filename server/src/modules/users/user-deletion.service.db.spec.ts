import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import type { StaffRole } from '#contract/auth/roles.js';
import { GROUP_ADMIN_MESSAGES } from '#contract/contests/messages.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { FileStorage } from '#server/infra/storage/storage.js';
import { AuditRepository } from '#server/modules/audit/audit.repository.js';
import { AuditService } from '#server/modules/audit/audit.service.js';
import { ContestEntriesService } from '#server/modules/contests/contest-entries.service.js';
import type { ContestEvents } from '#server/modules/contests/contest-events.js';
import type { ContestJoiner } from '#server/modules/contests/contest-joiner.js';
import { ContestsRepository } from '#server/modules/contests/contests.repository.js';
import { EntriesRepository } from '#server/modules/contests/entries.repository.js';
import { GroupsRepository } from '#server/modules/contests/groups.repository.js';
import { UserContestLookup, type UserContestState } from './user-contest.types.js';
import { UsersRepository } from './users.repository.js';
import type { ProfileAnswersRepository } from './profile-answers.repository.js';
import type { ProfileQuestionsService } from '#server/modules/questions/profile-questions.service.js';
import type { ContestCategoriesService } from '#server/modules/contests/contest-categories.service.js';
import { UsersService } from './users.service.js';
import type { VoteReviewService } from '#server/modules/votes/review/vote-review.service.js';
import { UserDeletionService } from './user-deletion.service.js';
import type { WebhookEventsService } from '#server/modules/webhooks/webhook-events.service.js';

/** Records what would be removed; the files themselves do not matter here. */
class RecordingStorage extends FileStorage {
  removed: string[] = [];
  async put(): Promise<string> {
    throw new Error('not used');
  }
  async remove(url: string): Promise<void> {
    this.removed.push(url);
  }
  async read(): Promise<Buffer | null> {
    throw new Error('not used');
  }
  async exists(): Promise<boolean> {
    throw new Error('not used');
  }
  async list(): Promise<string[]> {
    throw new Error('not used');
  }
}

/** Deletion never asks for a user's contest state. */
class NoContestLookup extends UserContestLookup {
  forUser(): Promise<UserContestState> {
    throw new Error('not used');
  }
}

describe(UserDeletionService.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let storage: RecordingStorage;
  let service: UserDeletionService;

  /** An account; `true` makes an owner, a role name staff with that role. */
  const insertUser = async (username: string, staff: boolean | StaffRole): Promise<number> =>
    (
      await db.pool.query(
        `INSERT INTO users (username, email, password_hash, is_superuser, staff_role) VALUES ($1::text, $1::text || '@example.com', 'x', $2::text IS NOT NULL, $2::text) RETURNING id`,
        [username, staff === true ? 'owner' : staff || null],
      )
    ).rows[0].id;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 3)).initialize();
    storage = new RecordingStorage();
    new Transactions(ds);
    // Deletion never reads an account's vote reviews either.
    const users = new UsersService(
      new UsersRepository(ds),
      new NoContestLookup(),
      null as unknown as VoteReviewService,
      null as unknown as ProfileAnswersRepository,
      null as unknown as ProfileQuestionsService,
      null as unknown as ContestCategoriesService,
    );
    const audit = new AuditService(new AuditRepository(ds));
    // Joining and its live events play no part in a deletion.
    const entries = new ContestEntriesService(
      null as unknown as ContestJoiner,
      new ContestsRepository(ds),
      new GroupsRepository(ds),
      new EntriesRepository(ds),
      null as unknown as ContestEvents,
      audit,
      null as unknown as WebhookEventsService,
    );
    service = new UserDeletionService(users, entries, storage, audit);
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should refuse to delete the last owner, whoever asks and whatever other staff remain', async () => {
    const only = await insertUser('only_admin', true);
    // An actor that is no longer an owner (demoted or deleted meanwhile) is the case the rule guards.
    const actor = await insertUser('former_admin', false);
    const organizer = await insertUser('an_organizer', 'organizer');
    for (const by of [actor, organizer]) {
      await expect(service.delete(by, only)).rejects.toMatchObject({ status: 400, response: { detail: GROUP_ADMIN_MESSAGES.cannotDeleteLastAdmin } });
    }
    expect((await db.pool.query('SELECT count(*)::int AS n FROM users WHERE id = $1', [only])).rows[0].n).toBe(1);
    // Other staff are no owners: deleting one leaves the owner.
    await expect(service.delete(only, organizer)).resolves.toEqual({ message: GROUP_ADMIN_MESSAGES.userDeleted });
  });

  it('should delete an owner while another remains', async () => {
    const second = await insertUser('second_admin', true);
    const first = (await db.pool.query(`SELECT id FROM users WHERE username = 'only_admin'`)).rows[0].id;
    await expect(service.delete(first, second)).resolves.toEqual({ message: GROUP_ADMIN_MESSAGES.userDeleted });
  });

  it('should remove the stored pictures of a deleted user, and none when the deletion is refused', async () => {
    const admin = (await db.pool.query(`SELECT id FROM users WHERE username = 'only_admin'`)).rows[0].id;
    const user = await insertUser('pictured', false);
    await db.pool.query(`INSERT INTO contestant_profiles (user_id, category, pictures_urls) VALUES ($1, 'Scream Queens', $2)`, [
      user,
      ['/uploads/profiles/a.jpg', '/uploads/profiles/b.jpg'],
    ]);
    await service.delete(admin, user);
    // The pictures and their responsive variants (decision 018).
    expect(storage.removed.filter((u) => !u.startsWith('/uploads/variants/'))).toEqual(['/uploads/profiles/a.jpg', '/uploads/profiles/b.jpg']);
    expect(storage.removed).toContain('/uploads/variants/profiles/b-640w.webp');
    storage.removed = [];
    await expect(service.delete(admin, user)).rejects.toMatchObject({ status: 404 });
    await expect(service.delete(admin, admin)).rejects.toMatchObject({ status: 400, response: { detail: GROUP_ADMIN_MESSAGES.cannotDeleteSelf } });
    expect(storage.removed).toEqual([]);
  });

  it('should write one audit entry with the deletion, and none when the deletion is refused', async () => {
    const admin = (await db.pool.query(`SELECT id FROM users WHERE username = 'only_admin'`)).rows[0].id;
    const entries = () =>
      db.pool.query(`SELECT actor_id, actor_username, target_id, before, after FROM admin_audit_log WHERE action = 'user.delete' ORDER BY id`);
    const before = (await entries()).rows.length;
    const user = await insertUser('audited', false);
    await service.delete(admin, user);
    await expect(service.delete(admin, admin)).rejects.toMatchObject({ status: 400 });
    await expect(service.delete(admin, user)).rejects.toMatchObject({ status: 404 });
    const rows = (await entries()).rows.slice(before);
    expect(rows).toEqual([
      {
        actor_id: admin,
        actor_username: 'only_admin',
        target_id: user,
        before: { username: 'audited', is_superuser: false, staff_role: null, is_competitor: false },
        after: null,
      },
    ]);
  });
});
