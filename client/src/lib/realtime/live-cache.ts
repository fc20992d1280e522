// Pushed events patch the RTK Query cache (the streaming-updates pattern of RTK Query): an endpoint's
// onCacheEntryAdded listens while its cache entry exists and stops when the entry is dropped.
import type { ServerEventName, ServerEventPayload, TallyEntry, TallyEvent } from '#contract/live/events';
import { realtimeFrom } from './realtime-context';
import type { RealtimeClient } from './realtime-client';

export type LiveHandlers = { [E in ServerEventName]?: (payload: ServerEventPayload<E>) => void };

interface CacheLifecycle {
  extra: unknown;
  cacheEntryRemoved: Promise<unknown>;
}

/** Listens to these events for as long as the cache entry lives. */
export async function listenWhileCached(lifecycle: CacheLifecycle, handlers: LiveHandlers | ((realtime: RealtimeClient) => LiveHandlers)): Promise<void> {
  const realtime = realtimeFrom(lifecycle.extra);
  if (!realtime) return;
  const chosen = typeof handlers === 'function' ? handlers(realtime) : handlers;
  const offs = (Object.keys(chosen) as ServerEventName[]).map((event) => realtime.on(event, chosen[event] as never));
  try {
    await lifecycle.cacheEntryRemoved;
  } finally {
    for (const off of offs) off();
  }
}

export const sameName = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

interface QueryLifecycle {
  extra: unknown;
  queryFulfilled: Promise<unknown>;
}

/** This contestant's entry in a tally, if it names them. */
export const entryOf = (event: TallyEvent, username: string | null | undefined): TallyEntry | undefined =>
  username ? event.entries.find((e) => sameName(e.username, username)) : undefined;

/**
 * After a fetch, re-applies the latest tally entry of this contestant pushed since shortly before the
 * query started (`queryStart`): a refetch read before the worker counted a vote must not undo a tally
 * that arrived meanwhile, and a push older than the read must not undo the read (a void lowers counts).
 * `apply` gets the entry and patches the cache entry where the tally's counts are higher.
 */
export async function keepPushedVotes(lifecycle: QueryLifecycle, username: string | undefined, apply: (entry: TallyEntry) => void): Promise<void> {
  const realtime = realtimeFrom(lifecycle.extra);
  if (!realtime || !username) return;
  const since = realtime.queryStart();
  try {
    await lifecycle.queryFulfilled;
  } catch {
    return;
  }
  const latest = realtime.latestVotesFor(username, since);
  if (latest) apply(latest);
}

/**
 * After a list's fetch, hands `apply` the latest tally entry of every contestant pushed since shortly
 * before the query started (to patch those the read is behind of, `keepNewer`): a refetch after a
 * reconnect read before a tally that arrived meanwhile must not take the list back, and an older push
 * must not take the read back.
 */
export async function keepPushedEntries(lifecycle: QueryLifecycle, apply: (entries: TallyEntry[]) => void): Promise<void> {
  const realtime = realtimeFrom(lifecycle.extra);
  if (!realtime) return;
  const since = realtime.queryStart();
  try {
    await lifecycle.queryFulfilled;
  } catch {
    return;
  }
  const latest = realtime.latestEntriesPushed(since);
  if (latest.length) apply(latest);
}
