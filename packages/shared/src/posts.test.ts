import { describe, expect, it } from 'vitest'
import { calendarPostSchema, postSchema, postStatsSchema, toCalendarPost, type Post } from './posts'

/** What identifies a post (issue 30, ADR 047) travels in every read of posts and survives the calendar's slicing. */
const post: Post = {
  id: 'p1',
  accountId: 'a1',
  account: { accountName: 'Ana', accountUsername: 'ana', sandbox: true },
  format: 'video',
  postMode: 'direct',
  title: 'Morning routine',
  description: 'A caption the calendar never needs',
  privacyLevel: 'PUBLIC_TO_EVERYONE',
  allowComment: true,
  allowDuet: false,
  allowStitch: false,
  commercial: { enabled: false, yourBrand: false, brandedContent: false },
  scheduledAt: '2026-12-01T12:00:00.000Z',
  timeZone: 'Europe/Berlin',
  state: 'uploaded',
  source: 'manual',
  errorMessage: null,
  tiktokPostId: '7678907398077074696',
  publishedAt: '2026-12-01T12:00:05.000Z',
  media: { originalName: 'a.mp4', sizeBytes: 1234, durationMs: 3000 },
  photos: null,
  autoAddMusic: true,
  thumbnailUrl: '/api/slideshows/stills/m1?atMs=500',
  tiktokUrl: 'http://localhost:3001/videos/7678907398077074696',
  stats: { views: 1200, likes: 80, comments: 4, shares: 2, syncedAt: '2026-12-01T13:00:00.000Z' },
  rejectedAt: null,
  createdAt: '2026-11-30T12:00:00.000Z',
  updatedAt: '2026-12-01T12:00:05.000Z',
}

describe('a post’s identity', () => {
  it('the calendar’s slice of a whole post keeps its thumbnail, TikTok page and figures', () => {
    const slim = toCalendarPost(post)
    expect(slim).toMatchObject({ thumbnailUrl: post.thumbnailUrl, tiktokUrl: post.tiktokUrl, stats: post.stats })
    expect(calendarPostSchema.parse(slim)).toEqual(slim)
    expect(slim).not.toHaveProperty('description')
  })

  it('a post TikTok has not shown yet carries nulls, and a calendar post without them is refused', () => {
    const unread = { ...post, tiktokUrl: null, stats: null, thumbnailUrl: null }
    expect(postSchema.parse(unread)).toMatchObject({ tiktokUrl: null, stats: null, thumbnailUrl: null })
    const { stats: _stats, ...withoutStats } = toCalendarPost(post)
    expect(calendarPostSchema.safeParse(withoutStats).success).toBe(false)
  })

  it('figures are whole numbers with the moment they were read', () => {
    expect(postStatsSchema.safeParse({ ...post.stats, views: 1.5 }).success).toBe(false)
    expect(postStatsSchema.safeParse({ ...post.stats, syncedAt: 'yesterday' }).success).toBe(false)
  })
})
