/**
 * A small in-memory cache for values read on hot paths (a vote's target, a group's standings):
 * each value lives `ttlMs`, and simultaneous misses of one key share a single load, so a burst of
 * requests costs one query. A failed load is not kept. With `staleMs`, a value up to that much
 * past its time is still answered while one load refreshes it in the background, so readers of a
 * busy key never wait for the database (a slow query then delays freshness, not answers).
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number; seq: number }>();
  private readonly loading = new Map<K, Promise<V>>();
  private seq = 0;
  /** Loads started at or before this sequence number began before the last clear(): their values are not kept. */
  private clearedAt = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
    private readonly staleMs = 0,
  ) {}

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit && hit.expires > now) return hit.value;
    const loading = this.loading.get(key);
    if (hit && hit.expires + this.staleMs > now) {
      // Stale but usable: answer it while one load brings the next value (if that load fails, the next read tries again).
      if (!loading) this.refresh(key, load).catch(() => undefined);
      return hit.value;
    }
    return loading ?? this.refresh(key, load);
  }

  /**
   * Loads now, whatever is cached or already loading: the answer reflects what was committed
   * before this call (a load that started earlier might not). A slower, older load finishing
   * later never replaces a newer value.
   */
  refresh(key: K, load: () => Promise<V>): Promise<V> {
    const seq = ++this.seq;
    const promise = load()
      .then((value) => {
        const current = this.entries.get(key);
        if (seq > this.clearedAt && (!current || current.seq < seq)) this.keep(key, value, seq);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  /** Keeps a value known to be current: newer than any load already under way. */
  set(key: K, value: V): void {
    this.keep(key, value, ++this.seq);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /**
   * Forgets everything, at once: the next read of any key loads afresh, and a load already under
   * way (which may have read what was true before the change) neither answers later readers nor
   * stores its value.
   */
  clear(): void {
    this.entries.clear();
    this.loading.clear();
    this.clearedAt = ++this.seq;
  }

  private keep(key: K, value: V, seq: number): void {
    // Crude but bounded: a flood of distinct keys (made-up usernames) cannot grow memory without limit.
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) this.entries.clear();
    this.entries.set(key, { value, expires: this.now() + this.ttlMs, seq });
  }
}
