// What every answer of the API shares: the helpers that name an answer's schema for the OpenAPI document
// (each by its `id`), the fields most answers hold, the error body of every 4xx/5xx, and a bare message.
// The client imports only the types of the answers (`import type`, checked by lint), so none of the
// answers' schemas reaches the browser.
import { z } from 'zod';

/** A named schema: `id` is its name among the OpenAPI document's components. */
export const named = <S extends z.ZodType>(id: string, schema: S): S => schema.meta({ id }) as S;

export const id = z.int().min(1);
export const count = z.int().min(0);
/** ISO-8601, UTC. */
export const timestamp = z.string();

export const apiErrorItemSchema = named(
  'ApiErrorItem',
  z.object({
    /** Where the problem is: 'body', 'query' or 'path', then the field's path. */
    loc: z.array(z.union([z.string(), z.number()])),
    msg: z.string(),
    type: z.string(),
  }),
);
export type ApiErrorItem = z.infer<typeof apiErrorItemSchema>;
/** A failure in words, or (422) one item per invalid field. */
export const apiErrorBodySchema = named('ApiErrorBody', z.object({ detail: z.union([z.string(), z.array(apiErrorItemSchema)]) }));
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export const messageResponseSchema = named('MessageResponse', z.object({ message: z.string() }));
export type MessageResponse = z.infer<typeof messageResponseSchema>;
