import type { ContestEntrySummary } from '#contract/contests/answers.js';
import type { CurrentUser } from '#contract/auth/answers.js';
import type { ProfileAnswer } from '#contract/questions/answers.js';
import type { VoteReviewNotice } from '#contract/votes/answers.js';
import type { UserEntity } from './entities/user.entity.js';
import { toContestantProfile } from './profile.mapper.js';
import type { ProfileContestState } from './user-contest.types.js';

/** GET /users/me: the account, its profile and entries (the contests module's), and the voids of its votes (the votes module's). */
export function toCurrentUser(
  user: UserEntity,
  contestEntries: ContestEntrySummary[] = [],
  contest?: ProfileContestState,
  voteReviews: VoteReviewNotice[] = [],
  answers: ProfileAnswer[] = [],
): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    is_superuser: user.isSuperuser,
    staff_role: user.staffRole,
    is_competitor: user.isCompetitor,
    is_verified: user.isVerified,
    two_factor_enabled: user.twoFactorEnabledAt !== null,
    contestant_profile: user.profile ? toContestantProfile(user.profile, user, contest, answers) : null,
    contest_entries: contestEntries,
    vote_reviews: voteReviews,
    deletion_due_at: user.deletionDueAt ? user.deletionDueAt.toISOString() : null,
  };
}
