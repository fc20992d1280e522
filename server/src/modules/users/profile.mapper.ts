import type { ContestantProfile } from '#contract/profiles/answers.js';
import type { Category } from '#contract/profiles/constants.js';
import type { ContestantProfileEntity } from './entities/contestant-profile.entity.js';
import type { UserEntity } from './entities/user.entity.js';
import type { ProfileContestState } from './user-contest.types.js';

const NO_CONTEST: ProfileContestState = { activeContestEntry: null, currentPositionInGroup: null, isEliminated: false, voteOffer: null };

/** The one mapping of a profile to the API's contestant profile shape, reused wherever a profile is answered. */
export function toContestantProfile(profile: ContestantProfileEntity, user: UserEntity, contest: ProfileContestState = NO_CONTEST): ContestantProfile {
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
    category: profile.category as Category,
    biography: profile.biography,
    pictures_urls: profile.picturesUrls,
    current_position_in_group: contest.currentPositionInGroup,
    horror_passion: profile.horrorPassion,
    character_qualities: profile.characterQualities,
    dreams_and_goals: profile.dreamsAndGoals,
    ideal_horror_role: profile.idealHorrorRole,
    active_contest_entry: contest.activeContestEntry,
    total_votes: profile.totalVotes,
    free_votes: profile.totalVotes - profile.paidVotes,
    paid_votes: profile.paidVotes,
    is_eliminated: contest.isEliminated,
    vote_offer: contest.voteOffer,
  };
}
