// What a person sends about their own account's deletion, and the organizers' participant export.
import { z } from 'zod';

/** POST /users/me/deletion: the account's username typed again, so a stray click deletes nothing. */
export const myDeletionRequestSchema = z.object({ confirm_username: z.string().trim().min(1).max(150) });
export type MyDeletionRequest = z.infer<typeof myDeletionRequestSchema>;
