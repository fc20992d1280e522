import type { ContestantProfile } from '#contract/profiles/answers.js';
import type { ProfileAnswer } from '#contract/questions/answers.js';
import type { ContestantProfileEntity } from './entities/contestant-profile.entity.js';
import { legacyAnswerFields } from './profile-answers.js';
import type { UserEntity } from './entities/user.entity.js';
import type { ProfileContestState } from './user-contest.types.js';

const NO_CONTEST: ProfileContestState = { activeContestEntry: null, currentPositionInGroup: null, isEliminated: false, voteOffer: null };

/**
 * The one mapping of a profile to the API's contestant profile shape, reused wherever a profile is answered;
 * `answers`: the active questions with this profile's answers (toProfileAnswers).
 */
export function toContestantProfile(
  profile: ContestantProfileEntity,
  user: UserEntity,
  contest: ProfileContestState = NO_CONTEST,
  answers: ProfileAnswer[] = [],
): ContestantProfile {
  return {
    id: profile.id,
    user_id: user.id,
    user: {
      first_name: user.firstName,
      last_name: user.lastName,
      username: user.username,
      instagram: user.instagram,
      tiktok: user.tiktok,
    },
    category: profile.category,
    biography: profile.biography,
    pictures_urls: profile.picturesUrls,
    current_position_in_group: contest.currentPositionInGroup,
    ...legacyAnswerFields(answers),
    answers,
    active_contest_entry: contest.activeContestEntry,
    total_votes: profile.totalVotes,
    free_votes: profile.totalVotes - profile.paidVotes,
    paid_votes: profile.paidVotes,
    is_eliminated: contest.isEliminated,
    vote_offer: contest.voteOffer,
  };
}
