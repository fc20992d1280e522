// What the dashboard's e-mail switches and the unsubscribe page send.
import { z } from 'zod';

/** PUT /users/mail-preferences: any of the kinds; the others stay as they are. */
export const mailPreferencesSchema = z
  .object({
    round_results: z.boolean(),
    below_cut: z.boolean(),
    winner: z.boolean(),
    daily_digest: z.boolean(),
  })
  .partial()
  .strict();

/** An unsubscribe link's token (256 random bits, base64url). */
export const unsubscribeTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This unsubscribe link is not valid.' });

/** The unsubscribe link's query string: `?token=` (the server reads the token alone, an invalid one is a 404). */
export const unsubscribeLinkQuerySchema = z.object({ token: unsubscribeTokenSchema });
