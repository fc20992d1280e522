// The admin audit log's texts.
import { AUDIT_ACTIONS } from './constants.js';

export const AUDIT_MESSAGES = {
  unknownAction: `action must be one of ${AUDIT_ACTIONS.join(', ')}`,
  badPage: 'page must be a whole number from 1',
  loadFailed: 'The audit log could not be loaded',
  empty: 'No admin actions recorded yet',
  emptyFiltered: 'No entries for this action',
  chainChecking: 'Checking the digest chain...',
  chainIntact: (entries: number, head: string | null) =>
    head
      ? `Digest chain intact: ${entries} ${entries === 1 ? 'entry' : 'entries'}, newest digest ${head.slice(0, 16)}…`
      : 'Digest chain intact: no entries yet',
  chainBroken: (id: string) =>
    `Digest chain broken at entry #${id}: it, or the entry before it, was changed, added or removed outside the app. Compare with a backup.`,
  chainFailed: 'The digest chain could not be checked',
} as const;
