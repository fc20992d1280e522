// Contest rules as plain values (no zod).

/** Start dates a little in the past still count as "now": the form was filled a moment ago. */
export const START_DATE_GRACE_MS = 5 * 60 * 1000;
