// Live updates over Socket.IO: room names and the typed event map shared by server and client.
// Rooms are named after what they follow.
import type { ContestCountdown } from '../contests/answers.js';

export const rooms = {
  /** Changes to the current contest (dates, active, current): every countdown follows it. */
  contests: 'contests',
  contest: (id: number) => `contest:${id}`,
  group: (id: number) => `group:${id}`,
  contestant: (username: string) => `contestant:${username.toLowerCase()}`,
};

export const ROOM_PATTERN = /^(contests|contest:\d{1,10}|group:\d{1,10}|contestant:[a-z0-9_.]{3,30})$/;
export const MAX_ROOMS_PER_SOCKET = 50;

/** What a page says while its live connection is lost (a quiet status line, gone once it is back). */
export const LIVE_STATUS_MESSAGES = { reconnecting: 'reconnecting…' } as const;

/**
 * How a live client reconnects after losing its socket (socket.io-client's Manager options, decision 044):
 * the first try after 0.25-0.75 s, then doubling, each delay moved by up to half of itself at random, never
 * more than 10 s apart; so a blip is over within a second, and after a restart the waiting clients come
 * back spread over the last delay (up to 10 s) instead of all at once.
 */
export const LIVE_RECONNECT = { reconnectionDelay: 500, reconnectionDelayMax: 10_000, randomizationFactor: 0.5 } as const;

/**
 * One contestant's standing in a tally. Absolute values read from the database after the votes were
 * committed, so a tally that arrives late or twice can only restate them.
 */
export interface TallyEntry {
  entry_id: number;
  username: string;
  /** Votes in this contest, free and paid. */
  votes: number;
  /** Of `votes`, the paid ones. */
  paid: number;
  /** The contestant's votes in every contest. */
  total: number;
  /** On the group's leaderboard (ties share: 1, 1, 3). */
  rank: number;
  eliminated: boolean;
}

/**
 * A group's live standings, sent to the group's room (and the rooms of the contestants it names) at
 * most once per tick, however many votes were counted in it: the entries whose votes, rank or
 * elimination changed since the previous tally, or with `full` every entry of the group (the first
 * tally of a group, and one every few seconds while votes keep coming, so a missed tally heals).
 */
export interface TallyEvent {
  contest_id: number;
  group_id: number;
  full: boolean;
  entries: TallyEntry[];
}

export interface ContestChangedEvent extends ContestCountdown {
  is_current: boolean;
  /** The contest was deleted; clients drop what they show of it. */
  deleted?: boolean;
}

export interface EntryEliminatedEvent {
  entry_id: number;
  username: string;
  contest_id: number;
  group_id: number;
}

export interface ServerToClientEvents {
  tally: (event: TallyEvent) => void;
  contest: (event: ContestChangedEvent) => void;
  eliminated: (event: EntryEliminatedEvent) => void;
}

export interface SubscribeAck {
  ok: boolean;
  rooms: string[];
  error?: string;
}

export interface ClientToServerEvents {
  subscribe: (rooms: string[], ack?: (result: SubscribeAck) => void) => void;
  unsubscribe: (rooms: string[], ack?: (result: SubscribeAck) => void) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];
