import { Injectable } from '@nestjs/common';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { SupportMessageItem } from '#contract/support/answers.js';
import { SUPPORT_MESSAGE_STATUSES, SUPPORT_TOPICS, type SupportMessageStatus, type SupportTopic } from '#contract/support/constants.js';
import type { AdminSupportMessagesQuery, SupportContact } from '#contract/support/requests.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { queryBuilder as db } from '#server/infra/database/query-builder.js';
import type { SupportMessages } from '#server/infra/database/schema.js';

export type SupportFilter = Pick<AdminSupportMessagesQuery, 'topic' | 'status'>;

/** count(*) as a number (PostgreSQL's bigint would come back as a string). */
const countAll = sql<number>`count(*)::int`;

/** A message's topic and status as stored (CHECK constraints keep them to the lists; the columns' type is text). */
const isTopic = (v: string): v is SupportTopic => (SUPPORT_TOPICS as readonly string[]).includes(v);
const isStatus = (v: string): v is SupportMessageStatus => (SUPPORT_MESSAGE_STATUSES as readonly string[]).includes(v);

/** The filters as conditions over `m`, none when no filter is set. */
const matching = (filter: SupportFilter) => (eb: ExpressionBuilder<{ m: SupportMessages }, 'm'>) => {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.topic) conditions.push(eb('m.topic', '=', filter.topic));
  if (filter.status) conditions.push(eb('m.status', '=', filter.status));
  return eb.and(conditions);
};

/** The messages as the inbox lists them. The sender's account may be gone (user_id set to null): the message stays. */
const items = () =>
  db
    .selectFrom('support_messages as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.topic', 'm.name', 'm.email', 'm.message', 'm.status', 'm.user_id', 'u.username', 'm.created_at', 'm.handled_at']);

type ItemRow = Awaited<ReturnType<ReturnType<typeof items>['execute']>>[number];

function toItem({ topic, status, created_at, handled_at, ...r }: ItemRow): SupportMessageItem {
  if (!isTopic(topic) || !isStatus(status)) throw new Error(`Support message ${r.id} has topic ${topic} and status ${status}: not ones the inbox knows`);
  return { ...r, topic, status, created_at: created_at.toISOString(), handled_at: handled_at ? handled_at.toISOString() : null };
}

/** The support inbox: messages written by the contact form, read and marked by the admin inbox. */
@Injectable()
export class SupportRepository extends BaseRepository {
  @GenerateSql({ params: [{ topic: 'account', name: 'Mira', email: 'mira@example.com', message: 'I cannot sign in.' }, null] })
  async insert(contact: Omit<SupportContact, 'website'>, userId: number | null): Promise<number> {
    const { topic, name, email, message } = contact;
    const saved = await this.first(db.insertInto('support_messages').values({ topic, name, email, message, user_id: userId, status: 'open' }).returning('id'));
    if (!saved) throw new Error('The support message was not stored');
    return saved.id;
  }

  /** Newest first (ties by id, so pages never overlap). */
  @GenerateSql({ name: 'all', params: [{}, 0, 20] }, { name: 'by topic and status', params: [{ topic: 'billing', status: 'open' }, 20, 20] })
  async page(filter: SupportFilter, skip: number, limit: number): Promise<SupportMessageItem[]> {
    const rows = await this.rows(items().where(matching(filter)).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).offset(skip));
    return rows.map(toItem);
  }

  /** Messages matching the filters, and open messages overall, in one statement. */
  @GenerateSql({ name: 'all', params: [{}] }, { name: 'by topic and status', params: [{ topic: 'billing', status: 'handled' }] })
  async counts(filter: SupportFilter): Promise<{ total: number; open: number }> {
    const row = await this.first(
      db.selectNoFrom((eb) => [
        eb.selectFrom('support_messages as m').where(matching(filter)).select(countAll.as('n')).as('total'),
        eb.selectFrom('support_messages').select(countAll.as('n')).where('status', '=', 'open').as('open'),
      ]),
    );
    return { total: row?.total ?? 0, open: row?.open ?? 0 };
  }

  @GenerateSql()
  async openCount(): Promise<number> {
    const row = await this.first(db.selectFrom('support_messages').select(countAll.as('open')).where('status', '=', 'open'));
    return row?.open ?? 0;
  }

  @GenerateSql({ params: [1] })
  async get(id: number): Promise<SupportMessageItem | null> {
    const row = await this.first(items().where('m.id', '=', id));
    return row ? toItem(row) : null;
  }

  /** Locks the message's row until the transaction ends; null when there is no such message. */
  @GenerateSql({ params: [1] })
  async lockStatus(id: number): Promise<SupportMessageStatus | null> {
    const row = await this.first(db.selectFrom('support_messages').select('status').where('id', '=', id).forUpdate());
    if (!row) return null;
    if (!isStatus(row.status)) throw new Error(`Support message ${id} has status ${row.status}: not one the inbox knows`);
    return row.status;
  }

  /** Sets the status; handled_at is when it was first marked handled (kept on a repeat), null when open. False when there is no such message. */
  @GenerateSql({ name: 'handled', params: [1, 'handled'] }, { name: 'open', params: [1, 'open'] })
  async setStatus(id: number, status: SupportMessageStatus): Promise<boolean> {
    const handledAt = status === 'handled' ? sql<Date>`coalesce(handled_at, now())` : null;
    const changed = await this.run(db.updateTable('support_messages').set({ status, handled_at: handledAt }).where('id', '=', id));
    return changed > 0;
  }
}
