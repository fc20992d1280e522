import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AdminContestantItem } from '#contract/api-types.js';
import type { ContestantsQuery } from '#contract/contest-schemas.js';
import { AdminContestantsRepository } from './admin-contestants.repository.js';

/**
 * GET /contestants. The rank is the contestant's real rank in their group of the current contest,
 * not the spec's "votes plus 1" placeholder (001 §4; a documented deviation).
 */
@Injectable()
export class AdminContestantsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly contestants: AdminContestantsRepository,
  ) {}

  async list(query: ContestantsQuery): Promise<{ items: AdminContestantItem[]; total: number }> {
    const [rows, total] = await this.contestants.page(this.ds.manager, query.q, query.skip, query.limit);
    const items = rows.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      username: r.username,
      first_name: r.first_name,
      last_name: r.last_name,
      email: r.email,
      picture_url: r.picture_url,
      category: r.category,
      total_votes: r.total_votes,
      current_contest_votes: r.current_contest_votes,
      rank: r.rank,
      group_number: r.group_number,
      is_eliminated: r.is_eliminated ?? false,
    }));
    return { items, total };
  }
}
