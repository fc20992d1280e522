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
import { AccountDataRepository } from './account-data.repository.js';
import type { AppConfig } from '#server/config/config.js';
import { JobQueue } from '#server/infra/queue/jobs.js';
import { ERASE_ACCOUNT, type EraseAccountJob, SWEEP_OVERDUE_ERASURES, type SweepOverdueErasuresJob } from './account-jobs.js';
import { aContest, aGroup, anEntry, aVote } from '#test/helpers/factories.js';
import type { WebhookEventsService } from '#server/modules/webhooks/webhook-events.service.js';
import { WebhookLogService } from '#server/modules/webhooks/webhook-log.service.js';
import { WebhooksRepository } from '#server/modules/webhooks/webhooks.repository.js';

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

/** Keeps the erasure jobs added, to run them by hand, and the sweeps queued. */
class RecordingQueue {
  added: { payload: EraseAccountJob; jobId?: string; runAt?: Date }[] = [];
  sweeps: { payload: SweepOverdueErasuresJob; jobId?: string; runAt?: Date }[] = [];
  add(job: { name: string }, payload: EraseAccountJob | SweepOverdueErasuresJob, options: { jobId?: string; runAt?: Date } = {}): Promise<void> {
    if (job.name === SWEEP_OVERDUE_ERASURES.name) this.sweeps.push({ payload: payload as SweepOverdueErasuresJob, ...options });
    else if (job.name === ERASE_ACCOUNT.name) this.added.push({ payload: payload as EraseAccountJob, ...options });
    else throw new Error(`unexpected job ${job.name}`);
    return Promise.resolve();
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
  let queue: RecordingQueue;
  /** The service under other settings (the same database, queue and storage). */
  let withConfig: (config: Pick<AppConfig, 'accountDeletionGraceSeconds' | 'runsWorkers'> & Partial<AppConfig>) => UserDeletionService;
  const GRACE_SECONDS = 14 * 86_400;

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
      { left: () => undefined } as unknown as ContestEvents,
      audit,
      null as unknown as WebhookEventsService,
    );
    queue = new RecordingQueue();
    withConfig = (config) =>
      new UserDeletionService(
        users,
        entries,
        new AccountDataRepository(ds),
        storage,
        audit,
        queue as unknown as JobQueue,
        new WebhookLogService(new WebhooksRepository(ds), queue as unknown as JobQueue, config as AppConfig),
        config as AppConfig,
      );
    service = withConfig({ accountDeletionGraceSeconds: GRACE_SECONDS, runsWorkers: false });
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

  describe('own deletion', () => {
    const stateOf = async (id: number) =>
      (await db.pool.query('SELECT username, deletion_due_at, erased_at IS NOT NULL AS erased FROM users WHERE id = $1', [id])).rows[0];

    it("should refuse a typed username that is not the account's, and mark it with a job at the end of the grace period", async () => {
      const id = await insertUser('leaving_soon', false);
      await expect(service.requestOwn({ id, username: 'leaving_soon' }, 'leaving_later')).rejects.toMatchObject({ status: 422 });
      const now = new Date('2026-03-01T00:00:00Z');
      const answer = await service.requestOwn({ id, username: 'leaving_soon' }, 'Leaving_Soon', now);
      const due = new Date(now.getTime() + GRACE_SECONDS * 1000);
      expect(answer).toEqual({ deletion_due_at: due.toISOString() });
      expect(queue.added.at(-1)).toMatchObject({ payload: { userId: id, dueAt: due.getTime() }, runAt: due });
      await expect(service.requestOwn({ id, username: 'leaving_soon' }, 'leaving_soon', now)).rejects.toMatchObject({ status: 409 });
    });

    it('should erase when the job runs after the due time, once, keeping the votes received', async () => {
      const contestId = (await aContest(db)).id;
      const groupId = (await aGroup(db, contestId, { current_contestants_count: 1 })).id;
      const who = await anEntry(db, { contestId, groupId });
      await aVote(db, who.entryId);
      await db.pool.query(`UPDATE contestant_profiles SET pictures_urls = '{/uploads/profiles/own.jpg}' WHERE id = $1`, [who.profileId]);
      // Asked long ago: its grace period has ended.
      const asked = new Date(Date.now() - GRACE_SECONDS * 1000 - 60_000);
      await service.requestOwn({ id: who.userId, username: who.username }, who.username, asked);
      const job = queue.added.at(-1)!.payload;
      storage.removed = [];
      await service.handleErasure(job);
      expect(await stateOf(who.userId)).toEqual({ username: `deleted-${who.userId}`, deletion_due_at: null, erased: true });
      expect(storage.removed).toContain('/uploads/profiles/own.jpg');
      expect((await db.pool.query('SELECT count(*)::int AS n FROM votes WHERE entry_id = $1', [who.entryId])).rows[0].n).toBe(1);
      expect((await db.pool.query('SELECT current_contestants_count AS n FROM groups WHERE id = $1', [groupId])).rows[0].n).toBe(0);
      // Delivered again: nothing more happens (the group's place is not given back twice).
      await service.handleErasure(job);
      expect((await db.pool.query('SELECT current_contestants_count AS n FROM groups WHERE id = $1', [groupId])).rows[0].n).toBe(0);
      // The person's own deletion writes no staff audit entry.
      expect((await db.pool.query(`SELECT count(*)::int AS n FROM admin_audit_log WHERE target_id = $1`, [who.userId])).rows[0].n).toBe(0);
    });

    it('should leave a cancelled deletion alone when its job runs, and queue a deletion not yet due for its time', async () => {
      const id = await insertUser('changed_mind', false);
      const asked = new Date(Date.now() - GRACE_SECONDS * 1000 - 60_000);
      await service.requestOwn({ id, username: 'changed_mind' }, 'changed_mind', asked);
      const job = queue.added.at(-1)!.payload;
      await expect(service.cancelOwn(id)).resolves.toEqual({ deletion_due_at: null });
      await expect(service.cancelOwn(id)).rejects.toMatchObject({ status: 409 });
      await service.handleErasure(job);
      expect(await stateOf(id)).toEqual({ username: 'changed_mind', deletion_due_at: null, erased: false });

      const later = await service.requestOwn({ id, username: 'changed_mind' }, 'changed_mind');
      const count = queue.added.length;
      await service.handleErasure(queue.added.at(-1)!.payload);
      expect(await stateOf(id)).toMatchObject({ erased: false });
      expect(queue.added).toHaveLength(count + 1);
      expect(queue.added.at(-1)!.runAt).toEqual(new Date(later.deletion_due_at!));
      await service.cancelOwn(id);
    });

    it('should queue the erasures overdue at start-up in a process that runs jobs, and none in an api process', async () => {
      const id = await insertUser('overdue', false);
      await service.requestOwn({ id, username: 'overdue' }, 'overdue', new Date(Date.now() - GRACE_SECONDS * 1000 - 60_000));
      const dueAt = queue.added.at(-1)!.payload.dueAt;
      queue.added = [];
      await service.onApplicationBootstrap();
      expect(queue.added).toEqual([]);
      expect(queue.sweeps).toEqual([]);
      const before = Date.now();
      await withConfig({ accountDeletionGraceSeconds: GRACE_SECONDS, runsWorkers: true, accountErasureSweepSeconds: 3600 }).onApplicationBootstrap();
      // Every overdue one: this account's and the earlier spec's still pending.
      expect(queue.added).toContainEqual({ payload: { userId: id, dueAt }, jobId: `erase-account:${id}:${dueAt}` });
      expect(queue.added.every((job) => job.payload.dueAt <= Date.now())).toBe(true);
      // And the first periodic sweep, at the start of the next hour.
      const slot = Math.floor(before / 3_600_000) * 3_600_000 + 3_600_000;
      expect(queue.sweeps).toEqual([{ payload: { slot }, jobId: `sweep-overdue-erasures:${slot}`, runAt: new Date(slot) }]);
      await service.cancelOwn(id);
    });

    it('should queue, at each periodic sweep, the next sweep and the erasures overdue since, and erase nothing not due', async () => {
      const id = await insertUser('swept', false);
      const waiting = await insertUser('still_waiting', false);
      await service.requestOwn({ id, username: 'swept' }, 'swept', new Date(Date.now() - GRACE_SECONDS * 1000 - 1000));
      const dueAt = queue.added.at(-1)!.payload.dueAt;
      await service.requestOwn({ id: waiting, username: 'still_waiting' }, 'still_waiting');
      // Both jobs lost: only the sweep can find the overdue one.
      queue.added = [];
      queue.sweeps = [];
      const sweeper = withConfig({ accountDeletionGraceSeconds: GRACE_SECONDS, runsWorkers: true, accountErasureSweepSeconds: 60 });
      const nextSlot = () => Math.floor(Date.now() / 60_000) * 60_000 + 60_000;
      const slot = nextSlot() - 60_000;
      const before = nextSlot();
      await sweeper.sweepOverdue({ slot });
      // The slot after the sweep's run: the minute may turn while it runs.
      expect(queue.sweeps).toHaveLength(1);
      expect([before, nextSlot()]).toContain(queue.sweeps[0].payload.slot);
      expect(queue.added).toContainEqual({ payload: { userId: id, dueAt }, jobId: `erase-account:${id}:${dueAt}` });
      expect(queue.added.map((job) => job.payload.userId)).not.toContain(waiting);
      // The queued erasure runs: the account is erased; a second sweep queues nothing for it.
      await sweeper.handleErasure(queue.added.find((job) => job.payload.userId === id)!.payload);
      expect(await stateOf(id)).toMatchObject({ erased: true });
      queue.added = [];
      await sweeper.sweepOverdue({ slot: slot + 60_000 });
      expect(queue.added.map((job) => job.payload.userId)).not.toContain(id);
      await service.cancelOwn(waiting);
    });

    it("should refuse the last owner's own deletion", async () => {
      const owners = (await db.pool.query(`SELECT id, username FROM users WHERE staff_role = 'owner' AND erased_at IS NULL`)).rows as {
        id: number;
        username: string;
      }[];
      // Leave one owner: the others are erased by the remaining one.
      for (const other of owners.slice(1)) await service.delete(owners[0].id, other.id);
      const last = owners[0];
      await expect(service.requestOwn(last, last.username)).rejects.toMatchObject({ status: 409 });
    });
  });
});
