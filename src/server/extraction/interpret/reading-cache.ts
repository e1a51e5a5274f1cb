/**
 * Caches of pure text functions (a value cleaned, the insurers a text names), kept for one
 * reading: a reading asks about the same lines and cells many times over (once per product, per
 * table shape, per rule). They are emptied when a reading begins, so that a document's reading
 * costs what it costs alone (a benchmark reading a document twice measures the second reading
 * cold), and when one grows past `max` entries.
 */
const caches: Array<Map<unknown, unknown>> = [];

export interface ReadingCache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
}

export function readingCache<K, V>(max = 20_000): ReadingCache<K, V> {
  const map = new Map<K, V>();
  caches.push(map as Map<unknown, unknown>);
  return {
    get: (key) => map.get(key),
    set: (key, value) => {
      if (map.size >= max) map.clear();
      map.set(key, value);
    },
  };
}

/**
 * `fn` (a pure function of a text) with its answers kept for one reading, as `readingCache`'s are.
 */
export function perReading<K, V>(fn: (key: K) => V, max = 20_000): (key: K) => V {
  const map = new Map<K, V>();
  caches.push(map as Map<unknown, unknown>);
  return (key) => {
    if (map.has(key)) return map.get(key) as V;
    const value = fn(key);
    if (map.size >= max) map.clear();
    map.set(key, value);
    return value;
  };
}

/** Empties every reading cache: called as a document's reading begins. */
export function beginReading(): void {
  for (const c of caches) c.clear();
}
