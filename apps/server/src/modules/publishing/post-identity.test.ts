import { describe, expect, it } from 'vitest'
import { thumbnailAtMs, toPostIdentity, type PostIdentityRow } from './post-identity'

const unread: PostIdentityRow = {
  identityMediaId: 'm1',
  identityMediaDurationMs: 3000,
  identityPhotoSetId: null,
  identityPhotoCoverIndex: null,
  statsViews: null,
  statsLikes: null,
  statsComments: null,
  statsShares: null,
  statsShareUrl: null,
  statsState: null,
  statsSyncedAt: null,
}
const read: PostIdentityRow = {
  ...unread,
  statsViews: 900,
  statsLikes: 40,
  statsComments: 5,
  statsShares: 1,
  statsShareUrl: 'http://localhost:3001/videos/7678907398077074696',
  statsState: 'live',
  statsSyncedAt: new Date('2026-12-02T10:00:00.000Z'),
}

describe('what identifies a post (ADR 047)', () => {
  it('a video is shown by its frame half a second in, earlier for a very short one', () => {
    expect(thumbnailAtMs(3000)).toBe(500)
    expect(thumbnailAtMs(600)).toBe(300)
    expect(thumbnailAtMs(0)).toBe(0)
    expect(toPostIdentity(unread).thumbnailUrl).toBe('/api/slideshows/stills/m1?atMs=500')
  })

  it('a photo post by its cover; a post with neither has no thumbnail', () => {
    const photo = { ...unread, identityMediaId: null, identityPhotoSetId: 's1', identityPhotoCoverIndex: 2 }
    expect(toPostIdentity(photo).thumbnailUrl).toBe('/api/slideshows/photo-sets/s1/images/2')
    expect(toPostIdentity({ ...photo, identityPhotoSetId: null }).thumbnailUrl).toBeNull()
  })

  it('no page and no figures until the sync has read it; then both', () => {
    expect(toPostIdentity(unread)).toMatchObject({ tiktokUrl: null, stats: null })
    expect(toPostIdentity({ ...read, statsSyncedAt: null })).toMatchObject({ tiktokUrl: null, stats: null })
    expect(toPostIdentity(read)).toMatchObject({
      tiktokUrl: read.statsShareUrl,
      stats: { views: 900, likes: 40, comments: 5, shares: 1, syncedAt: '2026-12-02T10:00:00.000Z' },
    })
  })

  it('a post TikTok stopped listing keeps its last figures but loses its page, which would not open', () => {
    expect(toPostIdentity({ ...read, statsState: 'gone' })).toMatchObject({ tiktokUrl: null, stats: { views: 900 } })
  })
})
