import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EliminationResponse } from '#contract/api-types.js';
import { GROUP_ADMIN_MESSAGES } from '#contract/contest-schemas.js';
import { detailError } from '#server/common/errors.js';
import { ContestEvents } from '../contests/contest-events.js';
import { toEntryItem } from '../contests/contest.mapper.js';
import { EntriesRepository } from '../contests/entries.repository.js';

/** PUT /contestants/contestant-entries/{entryId}: elimination is one way (spec 001 §4). */
@Injectable()
export class EliminationService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly entries: EntriesRepository,
    private readonly events: ContestEvents,
  ) {}

  async setEliminated(entryId: number, isEliminated: boolean): Promise<EliminationResponse> {
    const entry = await this.entries.findById(this.ds.manager, entryId);
    if (!entry) throw detailError(HttpStatus.NOT_FOUND, GROUP_ADMIN_MESSAGES.entryNotFound);
    // The only change this call makes is active → eliminated; asking for the way back is refused.
    if (!isEliminated) throw detailError(HttpStatus.CONFLICT, GROUP_ADMIN_MESSAGES.cannotUneliminate);
    const changed = await this.entries.eliminate(this.ds.manager, entryId);
    const item = await this.entries.item(this.ds.manager, entryId);
    // Gone between the two statements (user or contest deleted meanwhile).
    if (!item) throw detailError(HttpStatus.NOT_FOUND, GROUP_ADMIN_MESSAGES.entryNotFound);
    if (changed) this.events.eliminated({ entry_id: entry.id, username: item.username, contest_id: entry.contestId, group_id: entry.groupId });
    return { message: GROUP_ADMIN_MESSAGES.eliminated, ...toEntryItem(item) };
  }
}
