import { Injectable } from '@nestjs/common';
import type { AdminContestantItem } from '#contract/contests/answers.js';
import type { ContestantsQuery } from '#contract/contests/requests.js';
import { AdminContestantsRepository } from './admin-contestants.repository.js';

/**
 * GET /contestants. The rank is the contestant's real rank in their group of the current contest,
 * not a "votes plus 1" placeholder (a deliberate difference: docs/product.md#notes-on-the-spec).
 */
@Injectable()
export class AdminContestantsService {
  constructor(private readonly contestants: AdminContestantsRepository) {}

  async list(query: ContestantsQuery): Promise<{ items: AdminContestantItem[]; total: number }> {
    const [items, total] = await this.contestants.page(query.q, query.skip, query.limit);
    return { items, total };
  }
}
