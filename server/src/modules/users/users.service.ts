import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { ApiErrorItem } from '#contract/common/answers.js';
import type { ContestantProfile, ProfileBasicsResponse, ProfileById } from '#contract/profiles/answers.js';
import { PROFILE_ANSWER_FIELDS } from '#contract/profiles/constants.js';
import type { ProfileAnswer, ProfileQuestion } from '#contract/questions/answers.js';
import { QUESTION_MESSAGES } from '#contract/questions/messages.js';
import { answerProblems, keptAnswer } from '#contract/questions/rules.js';
import type { CurrentUser } from '#contract/auth/answers.js';
import { PROFILE_BASICS_MESSAGES, PROFILE_MESSAGES } from '#contract/profiles/messages.js';
import type { ProfileBasics } from '#contract/profiles/requests.js';
import type { Locale } from '#contract/site/constants.js';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import type { AuthUserLookup } from '#server/common/auth/auth-user-lookup.js';
import { detailError, ValidationFailed } from '#server/common/errors.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { toCurrentUser } from './current-user.mapper.js';
import type { UserEntity } from './entities/user.entity.js';
import { toContestantProfile } from './profile.mapper.js';
import { ContestCategoriesService } from '#server/modules/contests/contest-categories.service.js';
import { ProfileQuestionsService } from '#server/modules/questions/profile-questions.service.js';
import { VoteReviewService } from '#server/modules/votes/review/vote-review.service.js';
import { ProfileAnswersRepository } from './profile-answers.repository.js';
import { toProfileAnswers, legacyAnswerFields } from './profile-answers.js';
import { UserContestLookup } from './user-contest.types.js';
import { UsersRepository } from './users.repository.js';
import type { AnswerChange, DeletionTarget, NewContestant, NewFan, ProfileBasicsRow, TakenField } from './users.types.js';

/** A 422 entry for a category that is not offered here (the stored one stays valid). */
const categoryItem = (message: string): ApiErrorItem => ({ loc: ['body', 'category'], msg: message, type: 'value_error.category' });

/** Where a 422 points for an answer: the first four questions' own field when it was sent that way, else answers.<key>. */
type AnswerSource = 'field' | 'answers';

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
    private readonly answers: ProfileAnswersRepository,
    private readonly questions: ProfileQuestionsService,
    private readonly categories: ContestCategoriesService,
  ) {}

  /** GET /users/me. */
  async me(signedIn: { id: number }): Promise<CurrentUser> {
    const user = await this.users.findWithProfile(signedIn.id);
    // Deleted between the guard's lookup and now: the same answer as for any vanished account.
    if (!user) throw new HttpException({ detail: AUTH_GUARD_MESSAGES.notAuthenticated }, HttpStatus.UNAUTHORIZED);
    const [state, reviews, answers] = await Promise.all([
      this.contests.forUser(user.id),
      user.profile ? this.voteReviews.reviewsOfProfile(user.profile.id) : Promise.resolve([]),
      user.profile ? this.answersOf(user.profile.id) : Promise.resolve([]),
    ]);
    return toCurrentUser(user, state.entries, state.profile, reviews, answers);
  }

  /** GET /contestants/{username}/: the public profile, read fresh. */
  async publicProfile(username: string): Promise<ContestantProfile> {
    const user = await this.users.findWithProfileByUsername(username);
    // An account whose e-mail is not verified yet has no public profile (it could be anyone's address).
    if (!user?.profile || !user.isVerified) throw detailError(HttpStatus.NOT_FOUND, PROFILE_MESSAGES.notFound);
    const [state, answers] = await Promise.all([this.contests.forUser(user.id), this.answersOf(user.profile.id)]);
    return toContestantProfile(user.profile, user, state.profile, answers);
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

  /** GET /contestants/profile/basics: the signed-in user's own category and answers, and the categories they may choose. */
  async profileBasics(userId: number): Promise<ProfileBasicsResponse> {
    const basics = await this.users.findProfileBasics(userId);
    if (!basics) throw detailError(HttpStatus.NOT_FOUND, PROFILE_BASICS_MESSAGES.notFound);
    return this.basicsAnswer(userId, basics);
  }

  /**
   * PUT /contestants/profile/basics: the category and the answers named (by `answers` or the first four
   * questions' own fields), checked against the lists and questions of the moment, then answered as stored.
   * An account without a contestant profile (the dashboard's 'Complete Your Profile') creates it by saving
   * its basics and becomes a contestant; an administrator without one has none to edit.
   */
  async updateProfileBasics(user: { id: number; isSuperuser: boolean }, basics: ProfileBasics): Promise<ProfileBasicsResponse> {
    const stored = await this.saveBasics(user, basics);
    return this.basicsAnswer(user.id, stored);
  }

  @Transactional()
  private async saveBasics(user: { id: number; isSuperuser: boolean }, basics: ProfileBasics): Promise<ProfileBasicsRow> {
    const existing = await this.users.findProfileBasics(user.id);
    if (!existing && user.isSuperuser) throw detailError(HttpStatus.NOT_FOUND, PROFILE_BASICS_MESSAGES.notFound);
    const [offered, active, storedAnswers] = await Promise.all([
      this.categories.forUser(user.id),
      this.questions.active(),
      existing ? this.answers.ofProfile(existing.profileId) : Promise.resolve(new Map<number, string>()),
    ]);
    const items: ApiErrorItem[] = [];
    // A category that left the list stays valid for the profile that holds it, until it is changed.
    if (basics.category !== existing?.category && !offered.includes(basics.category)) items.push(categoryItem(PROFILE_BASICS_MESSAGES.categoryInvalid));
    const sent = sentAnswers(basics, active, items);
    const changes = checkAnswers(active, storedAnswers, sent, items);
    if (items.length) throw new ValidationFailed(items);

    const row = existing ? await this.users.updateCategory(user.id, basics.category) : await this.users.createProfile(user.id, basics.category);
    if (!row) throw detailError(HttpStatus.NOT_FOUND, PROFILE_BASICS_MESSAGES.notFound);
    await this.answers.save(row.profileId, changes);
    if (!existing) await this.users.markCompetitor(user.id);
    return row;
  }

  /**
   * Registration's checks that need the lists of the moment: the category registration offers, and an
   * answer to each required question (answers to other active questions are kept too). Answers the
   * 422 entries (none when all is well) and the answers to store.
   */
  async checkNewProfile(category: string, answers: Record<string, string | null>): Promise<{ items: ApiErrorItem[]; answers: AnswerChange[] }> {
    const [offered, active] = await Promise.all([this.categories.forRegistration(), this.questions.active()]);
    const items: ApiErrorItem[] = [];
    if (!offered.includes(category)) items.push(categoryItem(PROFILE_BASICS_MESSAGES.categoryInvalid));
    const sent = sentAnswers({ answers }, active, items);
    const changes = checkAnswers(active, new Map(), sent, items).filter((c) => c.answer !== null);
    return { items, answers: changes };
  }

  private async basicsAnswer(userId: number, basics: ProfileBasicsRow): Promise<ProfileBasicsResponse> {
    const [answers, categories] = await Promise.all([this.answersOf(basics.profileId), this.categories.forUser(userId)]);
    return { category: basics.category, ...legacyAnswerFields(answers), answers, categories };
  }

  /** The active questions with the profile's answers. */
  private async answersOf(profileId: number): Promise<ProfileAnswer[]> {
    const [active, stored] = await Promise.all([this.questions.active(), this.answers.ofProfile(profileId)]);
    return toProfileAnswers(active, stored);
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

  /** User, profile and answers; null when the username or e-mail was taken meanwhile (nothing written). */
  @Transactional()
  async createContestant(contestant: NewContestant): Promise<UserEntity | null> {
    const user = await this.users.insertContestant(contestant);
    if (user?.profile) await this.answers.save(user.profile.id, contestant.answers);
    return user;
  }

  /** A fan's account made by a provider's sign-in (verified, no password); null when the name or e-mail was taken meanwhile. */
  createFan(fan: NewFan): Promise<UserEntity | null> {
    return this.users.insertFan(fan);
  }

  markVerified(userId: number): Promise<void> {
    return this.users.markVerified(userId);
  }

  setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    return this.users.setPasswordHash(userId, passwordHash);
  }

  /**
   * A sign-in finished in `locale` and its tokens are issued: the staff list shows when, and the account's
   * e-mails follow that language; inside a caller's transaction, it joins it.
   */
  recordSignIn(userId: number, locale: Locale): Promise<void> {
    return this.users.recordSignIn(userId, locale);
  }

  /** The signed-in person chose another language: their e-mails follow it. */
  setLocale(userId: number, locale: Locale): Promise<void> {
    return this.users.setLocale(userId, locale);
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
}

/**
 * The answers a request names, by key, with where each came from: the first four questions' own fields
 * (when that question is active), then `answers` (which wins); a key that is no active question is refused.
 */
function sentAnswers(
  basics: Partial<Record<(typeof PROFILE_ANSWER_FIELDS)[number], string | null | undefined>> & { answers?: Record<string, string | null> },
  active: readonly ProfileQuestion[],
  items: ApiErrorItem[],
): Map<string, { value: string | null; source: AnswerSource }> {
  const keys = new Set(active.map((q) => q.key));
  const sent = new Map<string, { value: string | null; source: AnswerSource }>();
  for (const field of PROFILE_ANSWER_FIELDS) {
    const value = basics[field];
    if (value !== undefined && keys.has(field)) sent.set(field, { value, source: 'field' });
  }
  for (const [key, value] of Object.entries(basics.answers ?? {})) {
    if (keys.has(key)) sent.set(key, { value, source: 'answers' });
    else items.push({ loc: ['body', 'answers', key], msg: QUESTION_MESSAGES.unknownQuestion, type: 'value_error.unknown' });
  }
  return sent;
}

/**
 * Checks each active question's answer after the change (the one sent, else the stored one): a required
 * one present, a sent one within its limit (a stored one is not held to a limit lowered later). Answers
 * the changes to write: every sent answer as kept (null: removed).
 */
function checkAnswers(
  active: readonly ProfileQuestion[],
  stored: ReadonlyMap<number, string>,
  sent: ReadonlyMap<string, { value: string | null; source: AnswerSource }>,
  items: ApiErrorItem[],
): AnswerChange[] {
  const after = Object.fromEntries(active.map((q) => [q.key, sent.has(q.key) ? sent.get(q.key)!.value : (stored.get(q.id) ?? null)]));
  for (const problem of answerProblems(active, after)) {
    const source = sent.get(problem.key)?.source;
    if (source === undefined && after[problem.key] !== null && keptAnswer(after[problem.key]) !== null) continue;
    const loc = source === 'field' ? ['body', problem.key] : ['body', 'answers', problem.key];
    items.push({ loc, msg: problem.message, type: 'value_error.answer' });
  }
  return active.filter((q) => sent.has(q.key)).map((q) => ({ questionId: q.id, answer: keptAnswer(sent.get(q.key)!.value) }));
}
