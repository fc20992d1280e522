import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { queryBuilder as db } from '#server/infra/database/query-builder.js';
import type { AuditAction, AuditRecord, AuditValues } from './audit.types.js';

/** The advisory lock that serializes audit writers (the migration's chain trigger takes the same one). */
const AUDIT_CHAIN_LOCK = 727275;

/** One entry as the chain check reads it: its stored digest and its canonical content (the database's own function). */
export interface ChainLink {
  id: string;
  digest: Buffer | null;
  content: string;
}

/** One entry as the log lists it (the digest aside). */
export interface AuditEntryRow {
  /** bigint: the driver answers a string. */
  id: string;
  created_at: Date;
  actor_id: number;
  actor_username: string;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: number | null;
  before: AuditValues | null;
  after: AuditValues | null;
}

/** count(*) as a number (PostgreSQL's bigint would come back as a string). */
const countAll = sql<number>`count(*)::int`;

/** A recorded value as jsonb (null stays SQL null). */
const jsonb = (values: AuditValues | null) => sql<AuditValues | null>`${values === null ? null : JSON.stringify(values)}::jsonb`;

/** The audit log's insert and its list; there is no update or delete (the table refuses both). */
@Injectable()
export class AuditRepository extends BaseRepository {
  /**
   * Copies the actor's username and e-mail from their row; false when that user no longer exists.
   * The chain lock is taken first, so the id is drawn in chain order; it is held until the action's
   * transaction ends, which serializes concurrent admin actions only at their audit step.
   */
  @GenerateSql({
    params: [{ actorId: 1, action: 'group.update', targetType: 'group', targetId: 3, before: { name: 'Group 3' }, after: { name: 'Night Owls' } }],
  })
  async insert(entry: AuditRecord): Promise<boolean> {
    await this.run(db.selectNoFrom(sql`pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`.as('locked')));
    const inserted = await this.first(
      db
        .insertInto('admin_audit_log')
        .columns(['actor_id', 'actor_username', 'actor_email', 'action', 'target_type', 'target_id', 'before', 'after'])
        .expression((eb) =>
          eb
            .selectFrom('users as u')
            .select([
              'u.id',
              'u.username',
              'u.email',
              eb.val(entry.action).as('action'),
              eb.val(entry.targetType).as('target_type'),
              eb.val(entry.targetId).as('target_id'),
              jsonb(entry.before).as('before'),
              jsonb(entry.after).as('after'),
            ])
            .where('u.id', '=', entry.actorId),
        )
        .returning('id'),
    );
    return inserted !== undefined;
  }

  /** Up to `take` entries after id `afterId`, oldest first, with their digest and canonical content. */
  @GenerateSql({ params: ['0', 1000] })
  chainAfter(afterId: string, take: number): Promise<ChainLink[]> {
    return this.rows(
      db
        .selectFrom('admin_audit_log as a')
        .select(['a.id', 'a.digest', sql<string>`admin_audit_log_content(a)`.as('content')])
        .where('a.id', '>', afterId)
        .orderBy('a.id')
        .limit(take),
    );
  }

  /** Newest first, and how many entries the filter matches. */
  @GenerateSql({ name: 'all', params: [0, 20] }, { name: 'one action', params: [20, 20, 'votes.void'] })
  async page(skip: number, take: number, action?: AuditAction): Promise<[AuditEntryRow[], number]> {
    const matching = action ? db.selectFrom('admin_audit_log').where('action', '=', action) : db.selectFrom('admin_audit_log');
    const rows = await this.rows(
      matching
        .select([
          'id',
          'created_at',
          'actor_id',
          'actor_username',
          'actor_email',
          'action',
          'target_type',
          'target_id',
          // Only insert() writes these, from AuditValues; the column's type (jsonb) cannot say so.
          sql<AuditValues | null>`before`.as('before'),
          sql<AuditValues | null>`after`.as('after'),
        ])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(skip)
        .limit(take),
    );
    const count = await this.first(matching.select(countAll.as('total')));
    return [rows, count?.total ?? 0];
  }

  /** The contestants' names (or usernames) of contest entries still present, by entry id: read-time only, entries keep what they recorded. */
  @GenerateSql({ params: [[1, 2, 3]] })
  async entryNames(entryIds: number[]): Promise<Map<number, string>> {
    if (!entryIds.length) return new Map();
    const rows = await this.rows(
      db
        .selectFrom('contest_entries as ce')
        .innerJoin('contestant_profiles as p', 'p.id', 'ce.profile_id')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(['ce.id', 'u.username', 'u.first_name', 'u.last_name'])
        .where((eb) => eb('ce.id', '=', eb.fn.any(eb.val(entryIds)))),
    );
    return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim() || r.username]));
  }
}
