// The server's answers that belong to no domain (pages not found, requests it cannot read, ids that are not
// ids, the server stopping), kept exactly as written (docs/product.md#exact-texts); those in our own wording say so.

export const NOT_FOUND_MESSAGES = {
  page: '404 - Page Not Found. The page you are looking for does not exist.',
  noPermission: 'You do not have permission to access this page',
  adminOnlyTitle: '404 - Page Not Found',
  adminOnlyBody: 'You do not have permission to access this page.',
  apiRoute: 'Not Found',
} as const;

/** Requests the server cannot read at all (never a 500 for bad input). */
export const REQUEST_MESSAGES = {
  multipartRequired: 'This form must be sent as multipart/form-data',
  unreadableUpload: 'The upload could not be read; please try again',
  tooManyFields: 'The form has too many fields',
  // Our own wording for what the framework refuses (never its message, which may repeat the path).
  tooLarge: 'The request is too large',
  unsupportedType: 'Unsupported content type',
  invalidJson: 'The request body is not valid JSON',
  badAddress: 'The address is not valid',
  addressTooLong: 'The address is too long',
  badRequest: 'Bad request',
  internalError: 'Internal server error',
} as const;

/** Path parameters that are not ids answer 422 with this text (never a 500). */
export const PATH_MESSAGES = {
  invalidId: 'Must be a positive whole number',
} as const;

/** 503 answers: the server is stopping, or its database cannot be reached (never a 500 for either). */
export const SERVICE_MESSAGES = {
  shuttingDown: 'The server is shutting down. Please try again in a moment.',
  databaseUnavailable: 'The site cannot reach its database right now. Please try again in a moment.',
  // Our own wording: Redis (limits, vote slots, the job queue) cannot be reached.
  storeUnavailable: 'The site is briefly unavailable. Please try again in a moment.',
} as const;
