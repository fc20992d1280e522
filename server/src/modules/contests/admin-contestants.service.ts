import { HttpStatus, Injectable } from '@nestjs/common';
import { MY_DATA_MESSAGES } from '#contract/account/messages.js';
import type { AdminContestantItem } from '#contract/contests/answers.js';
import type { ContestantsQuery } from '#contract/contests/requests.js';
import { csvInBatches } from '#server/common/csv.js';
import { detailError } from '#server/common/errors.js';
import { AdminContestantsRepository, type ParticipantRow } from './admin-contestants.repository.js';
import { ContestsRepository } from './contests.repository.js';

const PARTICIPANTS_BATCH = 500;

/**
 * The participants export's columns: the fields a contestant's public profile shows. There is no
 * consent to share an e-mail address with organizers, so it is never one of them.
 */
export const PARTICIPANT_COLUMNS = [
  'username',
  'first_name',
  'last_name',
  'category',
  'group',
  'votes',
  'eliminated',
  'winner_place',
  'instagram',
  'tiktok',
  'joined_at',
] as const;

/**
 * GET /contestants. The rank is the contestant's real rank in their group of the current contest,
 * not a "votes plus 1" placeholder (a deliberate difference: docs/product.md#notes-on-the-spec).
 */
@Injectable()
export class AdminContestantsService {
  constructor(
    private readonly contestants: AdminContestantsRepository,
    private readonly contests: ContestsRepository,
  ) {}

  /** GET /admin/contests/{id}/participants: 404 for an unknown contest, else the CSV read in batches as it is sent. */
  async participantsCsv(contestId: number): Promise<AsyncGenerator<string>> {
    if (!(await this.contests.findById(contestId))) throw detailError(HttpStatus.NOT_FOUND, MY_DATA_MESSAGES.contestNotFound);
    return csvInBatches<ParticipantRow, number>(
      PARTICIPANT_COLUMNS,
      async (after) => {
        const items = await this.contestants.participants(contestId, after ?? 0, PARTICIPANTS_BATCH);
        return { items, next: items.length === PARTICIPANTS_BATCH ? items[items.length - 1].entry_id : null };
      },
      (r) => [
        r.username,
        r.first_name,
        r.last_name,
        r.category,
        r.group_number,
        r.current_contest_votes,
        r.is_eliminated ? 'yes' : 'no',
        r.winner_place,
        r.instagram,
        r.tiktok,
        r.joined_at.toISOString(),
      ],
    );
  }

  async list(query: ContestantsQuery): Promise<{ items: AdminContestantItem[]; total: number }> {
    const [items, total] = await this.contestants.page(query.q, query.skip, query.limit);
    return { items, total };
  }
}
