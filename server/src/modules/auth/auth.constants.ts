/** The per-address sign-in limit is this many times the per-account one: many people may share an address. */
export const ADDRESS_FAILURE_FACTOR = 4;

/** Folder of registration pictures in the file storage. */
export const PROFILE_PICTURE_FOLDER = 'profiles';
