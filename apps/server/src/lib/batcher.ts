/**
 * Coalesces single-key requests into batches: the keys asked for while a batch is being loaded (or in the same tick)
 * are loaded together by the next call of `loadMany`. One statement for a burst instead of one per key — what PGlite,
 * a single connection, needs when many posts fall due at once (ADR 026).
 */
export function createBatcher<K, V>(loadMany: (keys: K[]) => Promise<Map<K, V>>, fallback: V) {
  const pending: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = []
  let loading = false

  async function flush(): Promise<void> {
    if (loading) return
    loading = true
    try {
      while (pending.length > 0) {
        const batch = pending.splice(0, pending.length)
        try {
          const found = await loadMany(batch.map((p) => p.key))
          for (const p of batch) p.resolve(found.has(p.key) ? (found.get(p.key) as V) : fallback)
        } catch (error) {
          for (const p of batch) p.reject(error)
        }
      }
    } finally {
      loading = false
    }
  }

  /** The value of `key` (`fallback` when `loadMany` did not return it). */
  return function load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      pending.push({ key, resolve, reject })
      if (!loading) queueMicrotask(() => void flush())
    })
  }
}
