import { createHash } from 'node:crypto'

/**
 * Deterministic engagement numbers for the Display API (tiktok-api.md §5.3) and user stats (tiktok-api.md §2): a pure function of an id and the
 * elapsed time, so repeated reads agree, counts only ever grow, and a restart changes nothing.
 */

function seeds(id: string): [number, number, number, number, number] {
  const digest = createHash('sha256').update(id).digest()
  return [
    digest.readUInt32BE(0),
    digest.readUInt32BE(4),
    digest.readUInt32BE(8),
    digest.readUInt32BE(12),
    digest.readUInt32BE(16),
  ]
}

export interface VideoCounts {
  view_count: number
  like_count: number
  comment_count: number
  share_count: number
}

/** An early burst that saturates (reach) plus a slow steady trickle; all terms are non-decreasing in time. */
export function videoCounts(videoId: string, elapsedMs: number): VideoCounts {
  const [a, b, c, d, e] = seeds(videoId)
  const minutes = Math.max(0, elapsedMs) / 60_000
  const reach = 300 + (a % 50_000)
  const halfLifeMinutes = 20 + (b % 240)
  const trickle = 0.2 + (c % 200) / 100
  const views = Math.floor(reach * (1 - Math.exp(-minutes / halfLifeMinutes)) + trickle * minutes)
  return {
    view_count: views,
    like_count: Math.floor(views * (0.03 + (d % 90) / 1000)),
    comment_count: Math.floor(views * (0.001 + (e % 9) / 1000)),
    share_count: Math.floor(views * (0.0005 + (e % 5) / 1000)),
  }
}

export interface CreatorCounts {
  follower_count: number
  following_count: number
}

export function creatorCounts(openId: string, elapsedMs: number): CreatorCounts {
  const [a, b, c] = seeds(openId)
  const days = Math.max(0, elapsedMs) / 86_400_000
  return {
    follower_count: (a % 2_000) + Math.floor(days * (1 + (c % 40))),
    following_count: 10 + (b % 500),
  }
}
