// Path parameters as the API document states them (the server's pipes check the same rules).
import { z } from 'zod';
import { USERNAME_PATTERN } from './auth-schemas.js';

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
