// Path and query parameters as the API document states them (the server's pipes check the same rules),
// and ids in JSON bodies.
import { z } from 'zod';
import { USERNAME_PATTERN } from '../auth/constants.js';

/** PostgreSQL's integer: ids never go past it. */
export const MAX_PATH_ID = 2_147_483_647;

/** An id in a path: a positive whole number written plainly (no sign, leading zeros or exponent). */
export const pathIdSchema = z.int().min(1).max(MAX_PATH_ID);

/** A username in a path; anything else is no profile (404). */
export const pathUsernameSchema = z.string().regex(USERNAME_PATTERN);

/** A share card's file: the contestant's username and `.png`. */
export const pathShareCardSchema = z.string().regex(new RegExp(USERNAME_PATTERN.source.replace(/\$$/, '\\.png$')));

/** A name the server looks up as it is (a job queue, a job's id in it): any non-empty segment. */
export const pathNameSchema = z.string().min(1);

/**
 * A whole number in a query string, written plainly: digits only, no sign, exponent, spaces, leading
 * zeros or repeats (`1e3`, `+1`, `01`, `1%20` and `?page=1&page=2` are refused with `message`).
 */
export const queryWholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .regex(min === 0 ? /^(0|[1-9]\d{0,15})$/ : /^[1-9]\d{0,15}$/, message)
    .transform(Number)
    .pipe(z.int({ error: message }).min(min, message).max(max, message));

/** An id in a query string: a positive whole number written plainly that fits the id columns. */
export const queryIdSchema = (message: string) => queryWholeNumber(1, MAX_PATH_ID, message);

/** An id in a JSON body: a JSON number (never a string, array or boolean) that fits the id columns. */
export const jsonIdSchema = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_PATH_ID, message);

const skipParam = () => queryWholeNumber(0, 1_000_000_000, 'skip must be a whole number from 0').default(0);
const limitParam = (max: number) => queryWholeNumber(1, max, `limit must be a whole number from 1 to ${max}`);

/** `skip` and `limit` of a paged list, read strictly; `limit` up to `maxLimit`, `defaultLimit` when absent. */
export const pageParams = (maxLimit: number, defaultLimit: number) => ({ skip: skipParam(), limit: limitParam(maxLimit).default(defaultLimit) });

/** `skip` and an optional `limit` (none: every row), read strictly. */
export const optionalPageParams = (maxLimit: number) => ({ skip: skipParam(), limit: limitParam(maxLimit).optional() });
