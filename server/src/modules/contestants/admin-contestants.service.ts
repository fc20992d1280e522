import { Injectable } from '@nestjs/common';
import type { AdminContestantItem } from '#contract/api-types.js';
import type { ContestantsQuery } from '#contract/contest-schemas.js';
import { AdminContestantsRepository } from './admin-contestants.repository.js';

/**
 * GET /contestants. The rank is the contestant's real rank in their group of the current contest,
 * not the spec's "votes plus 1" placeholder (001 §4; a documented deviation).
 */
@Injectable()
export class AdminContestantsService {
  constructor(private readonly contestants: AdminContestantsRepository) {}

  async list(query: ContestantsQuery): Promise<{ items: AdminContestantItem[]; total: number }> {
    const [items, total] = await this.contestants.page(query.q, query.skip, query.limit);
    return { items, total };
  }
}
