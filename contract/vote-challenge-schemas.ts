// The free vote's optional body: a solved proof-of-work challenge when the server asks for one (kept
// apart from votes.ts so pages that only show votes never load zod).
import { z } from 'zod';

/** POST /contestants/{username}/vote: the body is optional; `altcha` carries a solved challenge (base64 JSON) when one is asked for. */
export const voteBodySchema = z.object({ altcha: z.string().max(8000).optional() });
export type VoteBody = z.infer<typeof voteBodySchema>;
