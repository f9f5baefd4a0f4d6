/** Sliding one-minute window per (access token, endpoint), tiktok-api.md §4.3. Kept in memory only. */
export const WINDOW_MS = 60_000

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>()

  /** Records the hit and returns true when it fits in the window; a refused hit is not recorded. */
  take(key: string, limit: number, now: number): boolean {
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - WINDOW_MS)
    if (recent.length >= limit) {
      this.hits.set(key, recent)
      return false
    }
    recent.push(now)
    this.hits.set(key, recent)
    return true
  }

  clear(): void {
    this.hits.clear()
  }
}
