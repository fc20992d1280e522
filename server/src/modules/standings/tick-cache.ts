/** A read of one key: when it began, and how many changes of the key had been heard by then. */
interface Read<V> {
  promise: Promise<V>;
  startedAt: number;
  version: number;
  seq: number;
}

interface Slot<V> {
  /** Changes heard of the key. */
  version: number;
  /** The newest completed read (by start). */
  done: { value: V; startedAt: number; version: number; seq: number } | null;
  /** The newest read under way. */
  loading: Read<V> | null;
  /** A read waiting for its turn (a tick after the previous one began). */
  waiting: Promise<V> | null;
  lastStart: number;
}

/**
 * The per-tick cache of decision 042: a key (a group) is read at most once per tick, whatever the
 * number of readers. Live tallies ask for `latest` (a read that began after the last change heard
 * of the key, waiting for the tick's turn if need be); leaderboards ask for `recent` (any read at
 * most `maxAgeMs` old), and so mostly take what the tallies read. Simultaneous readers share one
 * read; a failed read is not kept. Bounded: a flood of made-up keys cannot grow memory without limit.
 */
export class TickCache<K, V> {
  private readonly slots = new Map<K, Slot<V>>();
  private seq = 0;

  constructor(
    private readonly load: (key: K) => Promise<V>,
    private readonly tickMs: number,
    private readonly maxAgeMs: number,
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key changed (after the change was committed): the next `latest` reads it again. */
  changed(key: K): void {
    this.slot(key).version += 1;
  }

  /** A value read after the last change heard of the key. */
  latest(key: K): Promise<V> {
    const slot = this.slot(key);
    if (slot.loading && slot.loading.version === slot.version) return slot.loading.promise;
    if (slot.done && slot.done.version === slot.version && this.now() - slot.done.startedAt < this.maxAgeMs) return Promise.resolve(slot.done.value);
    return this.next(key, slot);
  }

  /** A value read at most maxAgeMs ago (changes heard since may not be in it yet). */
  recent(key: K): Promise<V> {
    const slot = this.slot(key);
    if (slot.done && this.now() - slot.done.startedAt < this.maxAgeMs) return Promise.resolve(slot.done.value);
    if (slot.loading) return slot.loading.promise;
    return this.next(key, slot);
  }

  /** The waiting read, or a new one: now if the last began a tick ago, else when its tick is over. */
  private next(key: K, slot: Slot<V>): Promise<V> {
    if (slot.waiting) return slot.waiting;
    const wait = slot.lastStart + this.tickMs - this.now();
    if (wait <= 0) return this.read(key, slot);
    slot.waiting = new Promise<void>((resolve) => setTimeout(resolve, wait)).then(() => {
      slot.waiting = null;
      return this.read(key, slot);
    });
    return slot.waiting;
  }

  private read(key: K, slot: Slot<V>): Promise<V> {
    const startedAt = this.now();
    const read: Read<V> = { promise: undefined as unknown as Promise<V>, startedAt, version: slot.version, seq: ++this.seq };
    slot.lastStart = startedAt;
    read.promise = this.load(key)
      .then((value) => {
        // A slower, older read finishing later never replaces a newer value.
        if (!slot.done || slot.done.seq < read.seq) slot.done = { value, startedAt, version: read.version, seq: read.seq };
        return value;
      })
      .finally(() => {
        if (slot.loading === read) slot.loading = null;
      });
    slot.loading = read;
    return read.promise;
  }

  private slot(key: K): Slot<V> {
    let slot = this.slots.get(key);
    if (!slot) {
      // Crude but bounded: forget the keys that have no read under way.
      if (this.slots.size >= this.maxKeys) for (const [k, s] of this.slots) if (!s.loading && !s.waiting) this.slots.delete(k);
      slot = { version: 0, done: null, loading: null, waiting: null, lastStart: -Infinity };
      this.slots.set(key, slot);
    }
    return slot;
  }
}
