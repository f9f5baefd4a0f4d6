import { describe, expect, it } from 'vitest'
import { dedupeKey, digestNotice, digestWindow, noticeFor, noticeMail, type NoticeEvent } from './notices'

const failed: NoticeEvent = {
  kind: 'post_failed',
  userId: 'u1',
  postId: '11111111-1111-4111-8111-111111111111',
  attempt: 1,
  postTitle: 'Pancakes',
  accountUsername: 'maya',
  reason: 'TikTok refused the post.',
}

describe('digestWindow', () => {
  it('is null before 08:00 local and covers 08:00 yesterday to 08:00 today after it (Berlin, winter)', () => {
    expect(digestWindow(new Date('2026-01-15T06:59:00Z'), 'Europe/Berlin')).toBeNull()
    expect(digestWindow(new Date('2026-01-15T07:00:00Z'), 'Europe/Berlin')).toEqual({
      day: '2026-01-15',
      from: new Date('2026-01-14T07:00:00Z'),
      to: new Date('2026-01-15T07:00:00Z'),
      dedupeKey: 'daily_digest:2026-01-15',
    })
  })

  it('follows the zone: the same instant is a different local day in Tokyo and Los Angeles', () => {
    const now = new Date('2026-06-10T20:00:00Z')
    // Tokyo: 05:00 on the 11th, before 08:00; Los Angeles: 13:00 on the 10th.
    expect(digestWindow(now, 'Asia/Tokyo')).toBeNull()
    expect(digestWindow(now, 'America/Los_Angeles')).toMatchObject({
      day: '2026-06-10',
      from: new Date('2026-06-09T15:00:00Z'),
      to: new Date('2026-06-10T15:00:00Z'),
    })
    // Kathmandu is UTC+5:45: 08:00 there is 02:15 UTC.
    expect(digestWindow(new Date('2026-06-10T02:15:00Z'), 'Asia/Kathmandu')?.to).toEqual(
      new Date('2026-06-10T02:15:00Z'),
    )
  })

  it('is 23 hours long on the day clocks go forward and 25 on the day they go back', () => {
    const spring = digestWindow(new Date('2026-03-29T12:00:00Z'), 'Europe/Berlin')!
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000)
    expect(spring.to).toEqual(new Date('2026-03-29T06:00:00Z'))
    const autumn = digestWindow(new Date('2026-10-25T12:00:00Z'), 'Europe/Berlin')!
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * 3_600_000)
    const ny = digestWindow(new Date('2026-03-08T13:00:00Z'), 'America/New_York')!
    expect(ny).toMatchObject({ day: '2026-03-08', to: new Date('2026-03-08T12:00:00Z') })
    expect(ny.to.getTime() - ny.from.getTime()).toBe(23 * 3_600_000)
  })

  it('gives every moment of one local day the same key, and the next day a new one', () => {
    const keys = ['2026-05-01T06:00:00Z', '2026-05-01T15:00:00Z', '2026-05-01T21:59:00Z'].map(
      (t) => digestWindow(new Date(t), 'Europe/Berlin')?.dedupeKey,
    )
    expect(new Set(keys)).toEqual(new Set(['daily_digest:2026-05-01']))
    expect(digestWindow(new Date('2026-05-02T06:00:00Z'), 'Europe/Berlin')?.dedupeKey).toBe('daily_digest:2026-05-02')
  })
})

describe('dedupe keys', () => {
  it('one per failed attempt of a post, and one per broken connection of an account', () => {
    expect(dedupeKey(failed)).toBe(`post_failed:${failed.postId}:1`)
    expect(dedupeKey({ ...failed, attempt: 2 })).not.toBe(dedupeKey(failed))
    expect(dedupeKey({ ...failed, postTitle: 'Renamed', reason: null })).toBe(dedupeKey(failed))
    const account: NoticeEvent = {
      kind: 'account_reconnect',
      userId: 'u1',
      accountId: 'a1',
      accountUsername: 'maya',
      connectedAt: new Date('2026-01-01T10:00:00Z'),
    }
    expect(dedupeKey(account)).toBe('account_reconnect:a1:2026-01-01T10:00:00.000Z')
    expect(dedupeKey({ ...account, connectedAt: new Date('2026-02-01T10:00:00Z') })).not.toBe(dedupeKey(account))
  })
})

describe('notice text and mail', () => {
  it('says what failed, why, and links to the post with PUBLIC_URL', () => {
    const notice = noticeFor(failed)
    expect(notice).toMatchObject({ kind: 'post_failed', title: 'Post failed: Pancakes' })
    expect(notice.body).toContain('@maya')
    expect(notice.body).toContain('TikTok refused the post.')
    const mail = noticeMail(notice, 'https://hookpost.example')
    expect(mail.subject).toBe('Hookpost: Post failed: Pancakes')
    expect(mail.text.split('\n')).toContain(`https://hookpost.example/dashboard?tab=schedule&post=${failed.postId}`)
    expect(mail.html).toContain('&amp;post=')
  })

  it('digest: counts, names the first posts in the person’s zone, and counts the rest', () => {
    const window = digestWindow(new Date('2026-01-15T09:00:00Z'), 'UTC')!
    const posts = [{ title: 'A <b>', accountUsername: 'maya', publishedAt: new Date('2026-01-14T18:30:00Z') }]
    const notice = digestNotice(window, 'UTC', posts, 3)
    expect(notice.title).toBe('3 posts went out in the last day')
    expect(notice.body).toContain('- A <b> (@maya, Wed, Jan 14, 2026, 6:30 PM)')
    expect(notice.body).toContain('- and 2 more')
    expect(noticeMail(notice, 'http://localhost:3000').html).toContain('A &lt;b&gt;')
    expect(digestNotice(window, 'UTC', posts, 1).title).toBe('1 post went out in the last day')
  })
})
