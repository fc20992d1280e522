import { createHash } from 'node:crypto';
import { HttpStatus, Injectable } from '@nestjs/common';
import { AUDIT_PAGE_SIZE } from '#contract/audit/constants.js';
import type { AuditLogQuery } from '#contract/audit/requests.js';
import type { AuditChain, AuditLogEntry, AuditLogPage } from '#contract/audit/answers.js';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import { detailError } from '#server/common/errors.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { AuditRepository, type AuditEntryRow } from './audit.repository.js';
import type { AuditRecord, AuditValues } from './audit.types.js';

/** Entries read per query while the chain is checked. */
const CHAIN_BATCH = 1000;

/** Field names that may never reach the log, whatever a caller picks: credentials and client addresses. */
const NEVER_RECORDED = /password|token|secret|hash|api_?key|(^|_)ip($|_)|address/i;

/**
 * The admin audit log. `record` is called inside the admin action's `@Transactional()` method and joins
 * its transaction: an action that rolls back leaves no entry, and an entry that cannot be written rolls
 * the action back.
 */
@Injectable()
export class AuditService {
  constructor(private readonly repo: AuditRepository) {}

  @Transactional()
  async record(entry: AuditRecord): Promise<void> {
    for (const values of [entry.before, entry.after]) checkFields(values);
    // The actor was deleted while the action ran: no anonymous entry, so the action fails too.
    if (!(await this.repo.insert(entry))) throw detailError(HttpStatus.UNAUTHORIZED, AUTH_GUARD_MESSAGES.notAuthenticated);
  }

  /**
   * Walks the digest chain from the first entry: each stored digest must be SHA-256 of the previous
   * digest and the entry's canonical content. Answers the first entry where that fails (changed,
   * slipped in, or following a removed one), or the number of entries and the newest digest (the head:
   * noted elsewhere, it also shows entries removed from the end).
   */
  async verifyChain(): Promise<AuditChain> {
    let previous: Buffer = Buffer.alloc(0);
    let entries = 0;
    let after = '0';
    for (;;) {
      const links = await this.repo.chainAfter(after, CHAIN_BATCH);
      for (const link of links) {
        const expected = createHash('sha256').update(previous).update(link.content, 'utf8').digest();
        if (!link.digest || !expected.equals(link.digest)) return { intact: false, entries, head: null, first_broken_id: link.id };
        previous = link.digest;
        entries++;
      }
      if (links.length < CHAIN_BATCH) break;
      after = links[links.length - 1].id;
    }
    return { intact: true, entries, head: entries ? previous.toString('hex') : null, first_broken_id: null };
  }

  async page({ page, action }: AuditLogQuery): Promise<AuditLogPage> {
    const [rows, total] = await this.repo.page((page - 1) * AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE, action);
    // Entries whose values carry no name (a void) are named at read time from the entry's contestant.
    const entryIds = [...new Set(rows.filter((r) => r.target_type === 'entry' && r.target_id !== null).map((r) => r.target_id!))];
    const names = await this.repo.entryNames(entryIds);
    return {
      items: rows.map((row) => toEntry(row, row.target_type === 'entry' ? (names.get(row.target_id!) ?? null) : null)),
      total,
      page,
      page_size: AUDIT_PAGE_SIZE,
    };
  }
}

function checkFields(values: AuditValues | null): void {
  const refused = Object.keys(values ?? {}).filter((key) => NEVER_RECORDED.test(key));
  if (refused.length) throw new Error(`Audit entries never record ${refused.join(', ')}`);
}

function toEntry(row: AuditEntryRow, targetName: string | null): AuditLogEntry {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    actor: { id: row.actor_id, username: row.actor_username, email: row.actor_email },
    action: row.action as AuditLogEntry['action'],
    target_type: row.target_type as AuditLogEntry['target_type'],
    target_id: row.target_id,
    target_name: targetName,
    before: row.before,
    after: row.after,
  };
}
