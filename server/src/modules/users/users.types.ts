// Shapes other modules exchange with the users module (UsersService).
import type { StaffRole } from '#contract/auth/roles.js';
import type { Locale } from '#contract/site/constants.js';

export interface NewContestant {
  username: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  instagram: string | null;
  tiktok: string | null;
  category: string;
  biography: string;
  picturesUrls: string[];
  /** Answers to profile questions, checked against the questions already. */
  answers: AnswerChange[];
  /** The language the registration was made in: the account's e-mails are written in it. */
  locale: Locale;
}

/** A fan's account made by a provider's sign-in. */
export interface NewFan {
  username: string;
  email: string;
  passwordHash: string;
  locale: Locale;
}

/** One answer to write: a text, or null to remove the answer. */
export interface AnswerChange {
  questionId: number;
  answer: string | null;
}

/** What deleting a user needs, read under the user's row lock. */
export interface DeletionTarget {
  id: number;
  username: string;
  isSuperuser: boolean;
  staffRole: StaffRole | null;
  isCompetitor: boolean;
  /** The profile's stored pictures, removed after the deletion commits. */
  picturesUrls: string[];
}

/** A staff account as the staff list shows it (its sign-in details come beside it). */
export interface StaffMemberRow {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  staff_role: StaffRole | null;
  /** When the account turned on sign-in with a second factor; null while it is off. */
  two_factor_enabled_at: Date | null;
  /** When the account last finished a sign-in; null when it never has. */
  last_login_at: Date | null;
}

/** The account a role change is for, read under its row lock: what may refuse the change. */
export interface StaffCandidate extends StaffMemberRow {
  is_verified: boolean;
  is_competitor: boolean;
}

/** Which unique index a duplicate hit (the indexes of migration 1767000000000). */
export type TakenField = 'username' | 'email';

/** A contestant profile's id and category. */
export interface ProfileBasicsRow {
  profileId: number;
  category: string;
}
