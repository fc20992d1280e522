import { Injectable } from '@nestjs/common';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import type { AuditAction, AuditRecord } from './audit.types.js';
import { AuditEntryEntity } from './entities/audit-entry.entity.js';

/** The audit log's insert and its list; there is no update or delete (the table refuses both). */
@Injectable()
export class AuditRepository extends BaseRepository {
  /** Copies the actor's username and e-mail from their row; false when that user no longer exists. */
  async insert(entry: AuditRecord): Promise<boolean> {
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

  /** Newest first. */
  page(skip: number, take: number, action?: AuditAction): Promise<[AuditEntryEntity[], number]> {
    return this.repo(AuditEntryEntity).findAndCount({ where: action ? { action } : {}, order: { createdAt: 'DESC', id: 'DESC' }, skip, take });
  }
}
