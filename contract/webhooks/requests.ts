// What an owner sends about webhook endpoints (staff permission 'integrations'). Whether an address is
// public is checked by the server, which resolves its host name.
import { z } from 'zod';
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS as L } from './constants.js';
import { WEBHOOK_MESSAGES as M } from './messages.js';

const fields = {
  url: z
    .string({ error: M.urlInvalid })
    .trim()
    .max(L.urlMax, { error: M.urlTooLong })
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { error: M.urlInvalid }),
  description: z.string({ error: M.descriptionTooLong }).trim().max(L.descriptionMax, { error: M.descriptionTooLong }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: M.eventUnknown }), { error: M.eventsRequired })
    .min(1, { error: M.eventsRequired })
    .transform((events) => [...new Set(events)]),
  enabled: z.boolean({ error: M.enabledInvalid }),
};

/** POST /admin/webhooks: a new endpoint, enabled unless said otherwise; its secret is made by the server. */
export const createWebhookSchema = z.object({
  url: fields.url,
  description: fields.description.optional().default(''),
  events: fields.events,
  enabled: fields.enabled.optional().default(true),
});
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;
export type CreateWebhook = z.output<typeof createWebhookSchema>;

/** PUT /admin/webhooks/{id}: any of the fields. */
export const updateWebhookSchema = z.object(fields).partial();
export type UpdateWebhook = z.output<typeof updateWebhookSchema>;
