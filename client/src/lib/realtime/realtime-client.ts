// One Socket.IO connection per tab, over which the server pushes vote, rank and countdown changes.
// The socket is made on the first room a page asks for; rooms are counted, so two components that
// follow the same room share one subscription and it is left only when the last one lets go.
// A page reads its data before its rooms are joined, so a change made in between would be missed:
// once the server confirms a join, `onJoined` listeners refetch what those rooms cover. After a
// reconnect the rooms are joined again and, once that is confirmed, `onResync` listeners refetch what
// the pages show, so the client converges to the server even when it missed events while offline.
// A lost connection is tried again with jittered exponential backoff (LIVE_RECONNECT, decision 044), and
// while it stays lost past a short grace the client reports 'reconnecting' for the page's quiet status.
import {
  LIVE_RECONNECT,
  MAX_ROOMS_PER_SOCKET,
  ROOM_PATTERN,
  rooms as roomNames,
  type ServerEventName,
  type ServerEventPayload,
  type SubscribeAck,
  type TallyEntry,
  type TallyEvent,
} from '#contract/live/events';

/** What the client needs of a socket.io-client Socket (a fake one stands in for it in tests). */
export interface RealtimeSocket {
  readonly connected: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: 'subscribe' | 'unsubscribe', rooms: string[], ack?: (result: SubscribeAck) => void): unknown;
}

export type SocketFactory = () => RealtimeSocket | Promise<RealtimeSocket>;

type Listener<E extends ServerEventName> = (payload: ServerEventPayload<E>) => void;

const EVENTS: ServerEventName[] = ['tally', 'contest', 'eliminated'];

/** 'reconnecting': the connection is lost (or the first one failed) for longer than the grace, while rooms are followed. */
export type LiveStatus = 'idle' | 'live' | 'reconnecting';

/** A connection back within this many milliseconds is not reported: a blip is not worth a word on the page. */
export const RECONNECTING_GRACE_MS = 1000;

/**
 * A leaderboard or profile is answered from a read at most 0.5 s old (decision 042), so a push received
 * longer than this before a query started is already in its answer, or older than it: only pushes
 * received after (query start - this) are put back over the answer.
 */
export const PUSH_RACE_WINDOW_MS = 1000;

/** A pushed entry, with when it was received and which push brought it (later pushes, higher numbers). */
interface Pushed {
  entry: TallyEntry;
  groupId: number;
  at: number;
  push: number;
}

export interface RealtimeOptions {
  /** How long a lost connection goes unreported (RECONNECTING_GRACE_MS). */
  graceMs?: number;
}

export class RealtimeClient {
  private socket: RealtimeSocket | null = null;
  private creating = false;
  private connectedOnce = false;
  private readonly counts = new Map<string, number>();
  private readonly listeners = new Map<ServerEventName, Set<(payload: never) => void>>();
  private readonly resyncListeners = new Set<() => void>();
  private readonly joinedListeners = new Set<(rooms: string[]) => void>();
  /** The latest tally entry per contestant: a refetch that raced a tally must not go back. */
  private readonly latestEntries = new Map<string, Pushed>();
  private pushes = 0;

  private connection: 'idle' | 'live' | 'lost' = 'idle';
  private lostReported = false;
  private graceTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly statusListeners = new Set<() => void>();
  private readonly graceMs: number;

  constructor(
    private readonly factory: SocketFactory,
    { graceMs = RECONNECTING_GRACE_MS }: RealtimeOptions = {},
  ) {
    this.graceMs = graceMs;
  }

  /** The connection as a page shows it: 'reconnecting' only while rooms are followed and the loss outlasted the grace. */
  status(): LiveStatus {
    if (this.connection === 'live') return 'live';
    return this.connection === 'lost' && this.lostReported && this.counts.size > 0 ? 'reconnecting' : 'idle';
  }

  /** Called whenever status() may have changed (for useSyncExternalStore). */
  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Follows these rooms until the returned function is called (once per retain). */
  retain(rooms: readonly string[]): () => void {
    const wanted = [...new Set(rooms)].filter((room) => ROOM_PATTERN.test(room));
    const before = this.counts.size;
    const added: string[] = [];
    for (const room of wanted) {
      const count = this.counts.get(room) ?? 0;
      if (count === 0) {
        if (this.counts.size >= MAX_ROOMS_PER_SOCKET) continue; // the server refuses more; pages still work on fetches
        added.push(room);
      }
      this.counts.set(room, count + 1);
    }
    const held = wanted.filter((room) => this.counts.has(room));
    this.roomsChanged(before);
    if (added.length) this.send('subscribe', added);
    if (held.length) this.ensureSocket();

    let released = false;
    return () => {
      if (released) return;
      released = true;
      const dropped: string[] = [];
      const heldBefore = this.counts.size;
      for (const room of held) {
        const count = (this.counts.get(room) ?? 1) - 1;
        if (count <= 0) {
          this.counts.delete(room);
          dropped.push(room);
        } else this.counts.set(room, count);
      }
      if (dropped.length) {
        this.send('unsubscribe', dropped);
        this.forgetUnfollowed();
      }
      this.roomsChanged(heldBefore);
    };
  }

  /** Calls `listener` for every `event` the socket receives, whatever room it came through. */
  on<E extends ServerEventName>(event: E, listener: Listener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    const entry = listener as (payload: never) => void;
    set.add(entry);
    return () => set.delete(entry);
  }

  /** Called after every reconnect (not the first connect), once the rooms are joined again: refetch what may have changed meanwhile. */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /** Called with the rooms the server has just confirmed joining: refetch what they cover. */
  onJoined(listener: (rooms: string[]) => void): () => void {
    this.joinedListeners.add(listener);
    return () => this.joinedListeners.delete(listener);
  }

  /** The rooms followed now (for tests and debugging). */
  rooms(): string[] {
    return [...this.counts.keys()];
  }

  /**
   * Noted when a query starts: `latestVotesFor` and `latestEntriesPushed` given it return only what was
   * pushed since PUSH_RACE_WINDOW_MS before, what the query's answer may not hold yet.
   */
  queryStart(): number {
    return Date.now() - PUSH_RACE_WINDOW_MS;
  }

  /** This contestant's latest tally entry (received after `since`, when given). */
  latestVotesFor(username: string, since = -Infinity): TallyEntry | undefined {
    const pushed = this.latestEntries.get(username.toLowerCase());
    return pushed && pushed.at >= since ? pushed.entry : undefined;
  }

  /** Every contestant's latest tally entry received after `since`: lists re-apply those ahead of a read that raced them. */
  latestEntriesPushed(since = -Infinity): TallyEntry[] {
    return [...this.latestEntries.values()]
      .filter((pushed) => pushed.at >= since)
      .sort((a, b) => a.push - b.push)
      .map((pushed) => pushed.entry);
  }

  /** A room left brings no more tallies to restate its entries (a void): they are not put back over later reads. */
  private forgetUnfollowed(): void {
    for (const [name, pushed] of this.latestEntries)
      if (!this.counts.has(roomNames.group(pushed.groupId)) && !this.counts.has(roomNames.contestant(name))) this.latestEntries.delete(name);
  }

  private send(event: 'subscribe' | 'unsubscribe', rooms: string[]): void {
    // While disconnected nothing is sent: the connect handler joins every counted room at once.
    if (!this.socket?.connected) return;
    if (event === 'subscribe') this.subscribe(rooms);
    else this.socket.emit(event, rooms);
  }

  /**
   * Joins the rooms; once the server confirms, what they cover is read again (`onJoined`), or after a
   * reconnect everything live is (`onResync`): a read made before the join could miss a change.
   */
  private subscribe(rooms: string[], after: 'joined' | 'resync' = 'joined'): void {
    this.socket?.emit('subscribe', rooms, (result) => {
      if (after === 'resync') {
        for (const listener of [...this.resyncListeners]) listener();
        return;
      }
      if (!result?.ok) return;
      const joined = rooms.filter((room) => this.counts.has(room));
      if (!joined.length) return;
      for (const listener of [...this.joinedListeners]) listener(joined);
    });
  }

  private ensureSocket(): void {
    if (this.socket || this.creating) return;
    this.creating = true;
    Promise.resolve()
      .then(this.factory)
      .then((socket) => {
        this.socket = socket;
        this.wire(socket);
        if (socket.connected) this.onConnect();
      })
      .catch((error: unknown) => {
        this.creating = false;
        console.warn('Live updates are unavailable', error);
      });
  }

  private wire(socket: RealtimeSocket): void {
    socket.on('connect', () => this.onConnect());
    // socket.io-client tries again by itself (with the backoff it was given) unless this tab closed the socket.
    socket.on('disconnect', ((reason: string) => (reason === 'io client disconnect' ? this.setConnection('idle') : this.setConnection('lost'))) as (
      ...args: never[]
    ) => void);
    socket.on('connect_error', () => this.setConnection('lost'));
    for (const event of EVENTS) {
      socket.on(event, ((payload: ServerEventPayload<typeof event>) => this.dispatch(event, payload)) as (...args: never[]) => void);
    }
  }

  private onConnect(): void {
    this.setConnection('live');
    const rooms = this.rooms();
    const again = this.connectedOnce;
    this.connectedOnce = true;
    if (rooms.length) this.subscribe(rooms, again ? 'resync' : 'joined');
    else if (again) for (const listener of [...this.resyncListeners]) listener();
  }

  private setConnection(next: 'idle' | 'live' | 'lost'): void {
    if (next === this.connection) return;
    this.connection = next;
    if (this.graceTimer) clearTimeout(this.graceTimer);
    this.graceTimer = null;
    this.lostReported = false;
    if (next === 'lost')
      this.graceTimer = setTimeout(() => {
        this.graceTimer = null;
        this.lostReported = true;
        this.notifyStatus();
      }, this.graceMs);
    this.notifyStatus();
  }

  /** status() depends on whether any room is followed: listeners hear when that flips. */
  private roomsChanged(before: number): void {
    if ((before === 0) !== (this.counts.size === 0)) this.notifyStatus();
  }

  private notifyStatus(): void {
    for (const listener of [...this.statusListeners]) listener();
  }

  private dispatch<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void {
    if (!payload || typeof payload !== 'object') return;
    if (event === 'tally') {
      const { entries, group_id: groupId } = payload as TallyEvent;
      if (!Array.isArray(entries)) return;
      const push = ++this.pushes;
      const at = Date.now();
      for (const entry of entries) if (typeof entry?.username === 'string') this.latestEntries.set(entry.username.toLowerCase(), { entry, groupId, at, push });
    }
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        (listener as Listener<E>)(payload);
      } catch (error) {
        console.error(`A live "${event}" update failed`, error);
      }
    }
  }
}

/**
 * The real socket's options: WebSocket first so no sticky sessions are needed; a lost connection is
 * tried again with jittered exponential backoff (LIVE_RECONNECT), so that after a server restart the
 * audience comes back spread over seconds instead of all at once.
 */
export const SOCKET_OPTIONS = { path: '/socket.io', transports: ['websocket', 'polling'], ...LIVE_RECONNECT };

/** The real socket, on the API's origin. */
export const browserSocketFactory =
  (apiBaseUrl: string): SocketFactory =>
  async () => {
    const { io } = await import('socket.io-client');
    const origin = /^https?:\/\//i.test(apiBaseUrl) ? new URL(apiBaseUrl).origin : undefined;
    return (origin ? io(origin, SOCKET_OPTIONS) : io(SOCKET_OPTIONS)) as unknown as RealtimeSocket;
  };
