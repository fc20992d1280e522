// The webhooks page's texts and the server's answers about endpoints (our own wording).
import type { WebhookEvent } from './constants.js';

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter the full address of the endpoint, starting with https://',
  urlTooLong: 'The address is too long',
  httpsRequired: 'Webhook addresses must start with https://',
  privateAddress: 'That address is private, loopback or otherwise not public: webhooks are only sent to public internet addresses',
  unresolvable: "That address's host name could not be found",
  descriptionTooLong: 'Keep the description under 200 characters',
  eventsRequired: 'Choose at least one event',
  eventUnknown: 'Choose events from the list',
  enabledInvalid: 'enabled must be true or false',
  tooMany: 'The site already has 20 webhook endpoints: delete one first',
  notFound: 'No webhook endpoint has that id',
  deliveryNotFound: 'No delivery of this endpoint has that id',
  deleted: 'Webhook endpoint deleted',
  redacted: "This delivery's event named an account that has since been deleted: its body was removed, so it cannot be sent again",
  withdrawn: 'The event named an account that has since been deleted: it was withdrawn before it was sent',
} as const;

/** How the admin page names each event. */
export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEvent, string>> = {
  'contestant.joined': 'A contestant joined a contest',
  'round.closed': 'A round closed, with its results',
  'contest.won': 'A contest named its winners',
  'payment.credited': 'A payment was credited',
  'payment.refunded': 'A payment was refunded',
  'votes.voided': 'A block of votes was voided',
  'standings.changed': "A group's standings changed (at most once per group every 5 seconds)",
};
