// Live updates over Socket.IO: room names and the typed event map shared by server and client
// (issue: votes and live standings). Rooms are named after what they follow.
import type { ContestCountdown } from './api-types.js';

export const rooms = {
  /** Changes to the current contest (dates, active, current): every countdown follows it. */
  contests: 'contests',
  contest: (id: number) => `contest:${id}`,
  group: (id: number) => `group:${id}`,
  contestant: (username: string) => `contestant:${username.toLowerCase()}`,
};

export const ROOM_PATTERN = /^(contests|contest:\d{1,10}|group:\d{1,10}|contestant:[a-z0-9_.]{3,30})$/;
export const MAX_ROOMS_PER_SOCKET = 50;

export interface VotesChangedEvent {
  username: string;
  profile_id: number;
  entry_id: number | null;
  current_contest_votes: number;
  /** Of current_contest_votes, the paid ones (0 without an entry). */
  current_contest_paid_votes: number;
  total_votes: number;
}

export interface StandingsItem {
  entry_id: number;
  username: string;
  current_contest_votes: number;
  /** Of current_contest_votes, the free ones and the paid ones. */
  free_votes: number;
  paid_votes: number;
  rank: number;
  is_eliminated: boolean;
}

export interface StandingsChangedEvent {
  contest_id: number;
  group_id: number;
  standings: StandingsItem[];
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
  votes: (event: VotesChangedEvent) => void;
  standings: (event: StandingsChangedEvent) => void;
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
