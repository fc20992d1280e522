/** Account e-mails per address per hour (resend verification, forgot password); more are dropped silently. */
export const ACCOUNT_MAIL_LIMIT = { perWindow: 5, windowSeconds: 3600 } as const;

/** The per-address sign-in limit is this many times the per-account one: many people may share an address. */
export const ADDRESS_FAILURE_FACTOR = 4;

/** Failed sign-ins wait a little longer each time, up to this. */
export const FAILURE_DELAY_STEP_MS = 150;
export const FAILURE_DELAY_MAX_MS = 1000;

/** Folder of registration pictures in the file storage. */
export const PROFILE_PICTURE_FOLDER = 'profiles';
