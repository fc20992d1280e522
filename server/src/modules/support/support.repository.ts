import { Injectable } from '@nestjs/common';
import type { SupportMessageItem } from '#contract/support/answers.js';
import type { AdminSupportMessagesQuery, SupportContact } from '#contract/support/requests.js';
import type { SupportMessageStatus } from '#contract/support/constants.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { SupportMessageEntity } from './entities/support-message.entity.js';

export type SupportFilter = Pick<AdminSupportMessagesQuery, 'topic' | 'status'>;

interface ItemRow extends Omit<SupportMessageItem, 'created_at' | 'handled_at'> {
  created_at: Date;
  handled_at: Date | null;
}

const COLUMNS = `m.id, m.topic, m.name, m.email, m.message, m.status, m.user_id, u.username, m.created_at, m.handled_at`;
// The sender's account may be gone (user_id set to null): the message stays.
const FROM = `FROM support_messages m LEFT JOIN users u ON u.id = m.user_id`;

/** The filters as a WHERE clause over `m`, its parameters starting at $1. */
function where(filter: SupportFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (filter.topic) parts.push(`m.topic = $${params.push(filter.topic)}`);
  if (filter.status) parts.push(`m.status = $${params.push(filter.status)}`);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

const toItem = ({ created_at, handled_at, ...r }: ItemRow): SupportMessageItem => ({
  ...r,
  created_at: created_at.toISOString(),
  handled_at: handled_at ? handled_at.toISOString() : null,
});

/** The support inbox: messages written by the contact form, read and marked by the admin inbox. */
@Injectable()
export class SupportRepository extends BaseRepository {
  async insert(contact: Omit<SupportContact, 'website'>, userId: number | null): Promise<number> {
    const saved = await this.repo(SupportMessageEntity).save({ ...contact, userId, status: 'open' as const });
    return saved.id;
  }

  /** Newest first (ties by id, so pages never overlap). */
  async page(filter: SupportFilter, skip: number, limit: number): Promise<SupportMessageItem[]> {
    const w = where(filter);
    const rows: ItemRow[] = await this.em.query(
      `SELECT ${COLUMNS} ${FROM} ${w.sql} ORDER BY m.created_at DESC, m.id DESC LIMIT $${w.params.length + 1} OFFSET $${w.params.length + 2}`,
      [...w.params, limit, skip],
    );
    return rows.map(toItem);
  }

  /** Messages matching the filters, and open messages overall, in one statement. */
  async counts(filter: SupportFilter): Promise<{ total: number; open: number }> {
    const w = where(filter);
    const rows: { total: number; open: number }[] = await this.em.query(
      `SELECT (SELECT count(*)::int FROM support_messages m ${w.sql}) AS total,
              (SELECT count(*)::int FROM support_messages WHERE status = 'open') AS open`,
      w.params,
    );
    return { total: rows[0]?.total ?? 0, open: rows[0]?.open ?? 0 };
  }

  async openCount(): Promise<number> {
    const rows: { open: number }[] = await this.em.query(`SELECT count(*)::int AS open FROM support_messages WHERE status = 'open'`);
    return rows[0]?.open ?? 0;
  }

  async get(id: number): Promise<SupportMessageItem | null> {
    const rows: ItemRow[] = await this.em.query(`SELECT ${COLUMNS} ${FROM} WHERE m.id = $1`, [id]);
    return rows[0] ? toItem(rows[0]) : null;
  }

  /** Locks the message's row until the transaction ends; null when there is no such message. */
  async lockStatus(id: number): Promise<SupportMessageStatus | null> {
    const rows: { status: SupportMessageStatus }[] = await this.em.query('SELECT status FROM support_messages WHERE id = $1 FOR UPDATE', [id]);
    return rows[0]?.status ?? null;
  }

  /** Sets the status; handled_at is when it was first marked handled (kept on a repeat), null when open. False when there is no such message. */
  async setStatus(id: number, status: SupportMessageStatus): Promise<boolean> {
    const rows: { id: number }[] = await this.em.query(
      `WITH changed AS (
         UPDATE support_messages
         SET status = $2::varchar, handled_at = CASE WHEN $2::varchar = 'handled' THEN coalesce(handled_at, now()) ELSE NULL END
         WHERE id = $1 RETURNING id)
       SELECT id FROM changed`,
      [id, status],
    );
    return rows.length > 0;
  }
}
