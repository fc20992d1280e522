import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { CurrentUser } from '#contract/api-types.js';
import { AUTH_GUARD_MESSAGES } from '#contract/messages.js';
import type { UserEntity } from './entities/user.entity.js';
import { toCurrentUser } from './current-user.mapper.js';
import { UserContestLookup } from './user-contest-lookup.js';
import { UsersRepository } from './users.repository.js';

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly contests: UserContestLookup,
  ) {}

  async me(signedIn: UserEntity): Promise<CurrentUser> {
    const user = await this.users.findWithProfile(signedIn.id);
    // Deleted between the guard's lookup and now: the same answer as for any vanished account.
    if (!user) throw new HttpException({ detail: AUTH_GUARD_MESSAGES.notAuthenticated }, HttpStatus.UNAUTHORIZED);
    const state = await this.contests.forUser(user.id);
    return toCurrentUser(user, state.entries, state.profile);
  }
}
