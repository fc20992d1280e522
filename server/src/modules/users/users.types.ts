// Shapes other modules exchange with the users module (UsersService).

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
}

/** What deleting a user needs, read under the user's row lock. */
export interface DeletionTarget {
  id: number;
  username: string;
  isSuperuser: boolean;
  isCompetitor: boolean;
  /** The profile's stored pictures, removed after the deletion commits. */
  picturesUrls: string[];
}

/** Which unique index a duplicate hit (the indexes of migration 1767000000000). */
export type TakenField = 'username' | 'email';
