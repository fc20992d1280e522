import { Injectable } from '@nestjs/common';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import type { AuditAction, AuditRecord } from './audit.types.js';
import { AuditEntryEntity } from './entities/audit-entry.entity.js';

/** The advisory lock that serializes audit writers (the migration's chain trigger takes the same one). */
const AUDIT_CHAIN_LOCK = 727275;

/** One entry as the chain check reads it: its stored digest and its canonical content (the database's own function). */
export interface ChainLink {
  id: string;
  digest: Buffer | null;
  content: string;
}

/** The audit log's insert and its list; there is no update or delete (the table refuses both). */
@Injectable()
export class AuditRepository extends BaseRepository {
  /**
   * Copies the actor's username and e-mail from their row; false when that user no longer exists.
   * The chain lock is taken first, so the id is drawn in chain order; it is held until the action's
   * transaction ends, which serializes concurrent admin actions only at their audit step.
   */
  async insert(entry: AuditRecord): Promise<boolean> {
    await this.em.query('SELECT pg_advisory_xact_lock($1)', [AUDIT_CHAIN_LOCK]);
    const rows: { id: string }[] = await this.em.query(
      `INSERT INTO admin_audit_log (actor_id, actor_username, actor_email, action, target_type, target_id, before, after)
       SELECT u.id, u.username, u.email, $2, $3, $4, $5::jsonb, $6::jsonb FROM users u WHERE u.id = $1
       RETURNING id`,
      [
        entry.actorId,
        entry.action,
        entry.targetType,
        entry.targetId,
        entry.before === null ? null : JSON.stringify(entry.before),
        entry.after === null ? null : JSON.stringify(entry.after),
      ],
    );
    return rows.length > 0;
  }

  /** Up to `take` entries after id `afterId`, oldest first, with their digest and canonical content. */
  async chainAfter(afterId: string, take: number): Promise<ChainLink[]> {
    return (await this.em.query(
      `SELECT a.id::text AS id, a.digest, admin_audit_log_content(a) AS content FROM admin_audit_log a WHERE a.id > $1::bigint ORDER BY a.id LIMIT $2`,
      [afterId, take],
    )) as ChainLink[];
  }

  /** Newest first. */
  page(skip: number, take: number, action?: AuditAction): Promise<[AuditEntryEntity[], number]> {
    return this.repo(AuditEntryEntity).findAndCount({ where: action ? { action } : {}, order: { createdAt: 'DESC', id: 'DESC' }, skip, take });
  }

  /** The contestants' names (or usernames) of contest entries still present, by entry id: read-time only, entries keep what they recorded. */
  async entryNames(entryIds: number[]): Promise<Map<number, string>> {
    if (!entryIds.length) return new Map();
    const rows: { id: number; username: string; first_name: string; last_name: string }[] = await this.em.query(
      `SELECT ce.id, u.username, u.first_name, u.last_name
       FROM contest_entries ce
       JOIN contestant_profiles p ON p.id = ce.profile_id
       JOIN users u ON u.id = p.user_id
       WHERE ce.id = ANY($1::int[])`,
      [entryIds],
    );
    return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim() || r.username]));
  }
}
