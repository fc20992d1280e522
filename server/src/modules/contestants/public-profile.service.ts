import { HttpStatus, Injectable } from '@nestjs/common';
import type { ContestantProfile } from '#contract/api-types.js';
import { PROFILE_MESSAGES } from '#contract/votes.js';
import { detailError } from '#server/common/errors.js';
import { toContestantProfile } from '../users/profile.mapper.js';
import { UserContestLookup } from '../users/user-contest-lookup.js';
import { UsersRepository } from '../users/users.repository.js';

/** GET /contestants/{username}/: the public profile (spec 000 §3 Contestant profile), read fresh. */
@Injectable()
export class PublicProfileService {
  constructor(
    private readonly users: UsersRepository,
    private readonly contests: UserContestLookup,
  ) {}

  async profile(username: string): Promise<ContestantProfile> {
    const user = await this.users.findWithProfileByUsername(username);
    if (!user?.profile) throw detailError(HttpStatus.NOT_FOUND, PROFILE_MESSAGES.notFound);
    const state = await this.contests.forUser(user.id);
    return toContestantProfile(user.profile, user, state.profile);
  }
}
