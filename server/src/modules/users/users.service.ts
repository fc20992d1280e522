import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { ContestantProfile, ProfileBasicsResponse, ProfileById } from '#contract/profiles/answers.js';
import type { CurrentUser } from '#contract/auth/answers.js';
import { PROFILE_BASICS_MESSAGES, PROFILE_MESSAGES } from '#contract/profiles/messages.js';
import type { ProfileBasics } from '#contract/profiles/requests.js';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import type { AuthUserLookup } from '#server/common/auth/auth-user-lookup.js';
import { detailError } from '#server/common/errors.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { toCurrentUser } from './current-user.mapper.js';
import type { UserEntity } from './entities/user.entity.js';
import { toContestantProfile } from './profile.mapper.js';
import { VoteReviewService } from '#server/modules/votes/review/vote-review.service.js';
import { UserContestLookup } from './user-contest.types.js';
import { UsersRepository } from './users.repository.js';
import type { DeletionTarget, NewContestant, TakenField } from './users.types.js';

/**
 * Users and their profiles, for this module's calls and for the modules that work with accounts
 * (auth, admin). Called inside a transactional method of another service, the writes and locks
 * below join its transaction. Also the guards' user lookup (AuthUserLookup, given to SessionModule).
 */
@Injectable()
export class UsersService implements AuthUserLookup {
  constructor(
    private readonly users: UsersRepository,
    private readonly contests: UserContestLookup,
    private readonly voteReviews: VoteReviewService,
  ) {}

  /** GET /users/me. */
  async me(signedIn: { id: number }): Promise<CurrentUser> {
    const user = await this.users.findWithProfile(signedIn.id);
    // Deleted between the guard's lookup and now: the same answer as for any vanished account.
    if (!user) throw new HttpException({ detail: AUTH_GUARD_MESSAGES.notAuthenticated }, HttpStatus.UNAUTHORIZED);
    const [state, reviews] = await Promise.all([
      this.contests.forUser(user.id),
      user.profile ? this.voteReviews.reviewsOfProfile(user.profile.id) : Promise.resolve([]),
    ]);
    return toCurrentUser(user, state.entries, state.profile, reviews);
  }

  /** GET /contestants/{username}/: the public profile, read fresh. */
  async publicProfile(username: string): Promise<ContestantProfile> {
    const user = await this.users.findWithProfileByUsername(username);
    // An account whose e-mail is not verified yet has no public profile (it could be anyone's address).
    if (!user?.profile || !user.isVerified) throw detailError(HttpStatus.NOT_FOUND, PROFILE_MESSAGES.notFound);
    const state = await this.contests.forUser(user.id);
    return toContestantProfile(user.profile, user, state.profile);
  }

  /** GET /profiles/id/{profileId}: what the vote page shows of a contestant. */
  async profileById(profileId: number): Promise<ProfileById> {
    const user = await this.users.findWithProfileByProfileId(profileId);
    if (!user?.profile || !user.isVerified) throw detailError(HttpStatus.NOT_FOUND, PROFILE_MESSAGES.notFound);
    const state = await this.contests.forUser(user.id);
    return {
      id: user.profile.id,
      username: user.username,
      is_eliminated: state.profile.isEliminated,
      picture_url: user.profile.picturesUrls[0] ?? null,
      user_details: { first_name: user.firstName, last_name: user.lastName },
      vote_offer: state.profile.voteOffer,
    };
  }

  /** GET /contestants/profile/basics: the signed-in user's own category and answers. */
  async profileBasics(userId: number): Promise<ProfileBasicsResponse> {
    const basics = await this.users.findProfileBasics(userId);
    if (!basics) throw detailError(HttpStatus.NOT_FOUND, PROFILE_BASICS_MESSAGES.notFound);
    return basics;
  }

  /**
   * PUT /contestants/profile/basics: replaces them (validated by the contract's schema) and answers
   * them as stored. An account without a contestant profile (the dashboard's 'Complete Your Profile')
   * creates it by saving its basics and becomes a contestant; an administrator without one has none to edit.
   */
  @Transactional()
  async updateProfileBasics(user: { id: number; isSuperuser: boolean }, basics: ProfileBasics): Promise<ProfileBasicsResponse> {
    const stored = await this.users.updateProfileBasics(user.id, basics);
    if (stored) return stored;
    if (user.isSuperuser) throw detailError(HttpStatus.NOT_FOUND, PROFILE_BASICS_MESSAGES.notFound);
    const created = await this.users.createProfileBasics(user.id, basics);
    await this.users.markCompetitor(user.id);
    return created;
  }

  findByUsername(username: string): Promise<UserEntity | null> {
    return this.users.findByUsername(username);
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findByEmail(email);
  }

  /** Sign-in by username or e-mail; a username match wins should one account's username be another's e-mail. */
  findByLogin(identifier: string): Promise<UserEntity | null> {
    return this.users.findByLogin(identifier);
  }

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findById(id);
  }

  /** The first of username, e-mail that another account already holds, or null. */
  findTaken(username: string, email: string): Promise<TakenField | null> {
    return this.users.findTaken(username, email);
  }

  /** User and profile; null when the username or e-mail was taken meanwhile (nothing written). */
  @Transactional()
  createContestant(contestant: NewContestant): Promise<UserEntity | null> {
    return this.users.insertContestant(contestant);
  }

  markVerified(userId: number): Promise<void> {
    return this.users.markVerified(userId);
  }

  setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    return this.users.setPasswordHash(userId, passwordHash);
  }

  /** A sign-in finished and its tokens are issued: the staff list shows when; inside a caller's transaction, it joins it. */
  recordSignIn(userId: number): Promise<void> {
    return this.users.recordSignIn(userId);
  }

  /**
   * For a deletion, in the caller's transaction: every owner's row locked (lowest id first), then the
   * target's row. Answers the owners' ids and the target (null when there is no such user).
   */
  async lockForDeletion(targetId: number): Promise<{ ownerIds: number[]; target: DeletionTarget | null }> {
    const ownerIds = await this.users.lockOwnerIds();
    const target = await this.users.lockForDeletion(targetId);
    return { ownerIds, target };
  }

  /** The profile, contest entries and e-mail tokens go with the user (ON DELETE CASCADE). */
  delete(userId: number): Promise<void> {
    return this.users.delete(userId);
  }
}
