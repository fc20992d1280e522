// A person's own account: the pending deletion's state.
import { z } from 'zod';
import { named } from '../common/answers.js';

/** The account's pending deletion: when it will be erased, null when none is pending. */
export const myDeletionSchema = named(
  'MyDeletion',
  z.object({
    /** ISO time the account will be erased; signing in before then offers to cancel. */
    deletion_due_at: z.string().nullable(),
  }),
);
export type MyDeletion = z.infer<typeof myDeletionSchema>;
