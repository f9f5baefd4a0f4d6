import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { apiPost, connect, errorCode, makeSandbox, postVideo, type TestSandbox } from '../testing/harness'

let t: TestSandbox
beforeEach(async () => {
  t = await makeSandbox({ processingMs: 1000, moderationMs: 1000, accessTokenTtlSec: 30 * 86_400 })
})
afterEach(async () => {
  await t.close()
})

const FIELDS =
  'id,create_time,title,video_description,share_url,embed_link,cover_image_url,view_count,like_count,comment_count,share_count'

function list(token: string, body: Record<string, unknown> = {}, fields = FIELDS) {
  return apiPost(t.app, `/v2/video/list/?fields=${fields}`, token, body)
}

function query(token: string, ids: string[], fields = FIELDS) {
  return apiPost(t.app, `/v2/video/query/?fields=${fields}`, token, { filters: { video_ids: ids } })
}

async function publishSome(token: string, count: number, privacy = 'PUBLIC_TO_EVERYONE'): Promise<void> {
  for (let i = 0; i < count; i++) {
    await postVideo(t.app, token, { post: { title: `Video ${i}\nwith #tags`, privacy_level: privacy } })
    t.clock.advance(11_000) // 6 inits per minute
  }
  t.clock.advance(2000)
}

describe('POST /v2/video/list/', () => {
  it('lists public videos newest first, ids as 19-digit strings, paging with the ms cursor', async () => {
    const c = await connect(t.app)
    await publishSome(c.accessToken, 5)
    await postVideo(t.app, c.accessToken, { post: { privacy_level: 'SELF_ONLY' } })
    t.clock.advance(5000)

    const first = await list(c.accessToken, { max_count: 3 })
    expect(first.statusCode).toBe(200)
    const page1 = first.json().data
    expect(page1.videos).toHaveLength(3)
    expect(page1.has_more).toBe(true)
    expect(page1.videos.map((v: { title: string }) => v.title)).toEqual(['Video 4', 'Video 3', 'Video 2'])
    for (const v of page1.videos) {
      expect(v.id).toMatch(/^7\d{18}$/)
      expect(v.share_url).toBe(`http://sandbox.test/videos/${v.id}`)
      expect(v.embed_link).toBe(`http://sandbox.test/embed/${v.id}`)
      expect(v.video_description).toMatch(/^Video \d\nwith #tags$/)
    }
    expect(Math.floor(page1.cursor / 1000)).toBe(page1.videos[2].create_time)

    const second = (await list(c.accessToken, { max_count: 3, cursor: page1.cursor })).json().data
    expect(second.videos.map((v: { title: string }) => v.title)).toEqual(['Video 1', 'Video 0'])
    expect(second.has_more).toBe(false)
  })

  it('returns only the requested fields and checks fields, max_count and the scope', async () => {
    const c = await connect(t.app)
    await publishSome(c.accessToken, 1)
    const res = await list(c.accessToken, {}, 'id,view_count')
    expect(Object.keys(res.json().data.videos[0]).sort()).toEqual(['id', 'view_count'])
    expect(errorCode(await list(c.accessToken, {}, ''))).toBe('invalid_params')
    expect(errorCode(await list(c.accessToken, {}, 'id,bogus'))).toBe('invalid_params')
    expect((await list(c.accessToken, { max_count: 21 })).statusCode).toBe(400)

    const noScope = await connect(t.app, {}, ['user.info.basic', 'video.publish'])
    const denied = await list(noScope.accessToken)
    expect(denied.statusCode).toBe(401)
    expect(errorCode(denied)).toBe('scope_not_authorized')
  })
})

describe('POST /v2/video/query/', () => {
  it('returns the caller’s own public videos; counts grow with time and are deterministic', async () => {
    const a = await connect(t.app)
    const b = await connect(t.app)
    await publishSome(a.accessToken, 2)
    const ids = (await list(a.accessToken)).json().data.videos.map((v: { id: string }) => v.id) as string[]

    const res = await query(a.accessToken, [...ids, '7000000000000000001'])
    expect(res.statusCode).toBe(200)
    const before = res.json().data.videos as Array<Record<string, number>>
    expect(before.map((v) => v.id).sort()).toEqual([...ids].sort())
    expect((await query(b.accessToken, ids)).json().data.videos).toEqual([])

    const again = (await query(a.accessToken, ids)).json().data.videos
    expect(again).toEqual(before)

    t.clock.advance(3 * 60 * 60_000)
    const later = (await query(a.accessToken, ids)).json().data.videos as Array<Record<string, number>>
    for (const [i, v] of later.entries()) {
      const old = before[i]!
      expect(v.view_count).toBeGreaterThan(old.view_count!)
      expect(v.like_count).toBeGreaterThanOrEqual(old.like_count!)
      expect(v.comment_count).toBeGreaterThanOrEqual(old.comment_count!)
      expect(v.share_count).toBeGreaterThanOrEqual(old.share_count!)
    }
  })

  it('accepts at most 20 ids', async () => {
    const c = await connect(t.app)
    const ids = Array.from({ length: 21 }, (_, i) => `70000000000000000${String(i).padStart(2, '0')}`)
    expect(errorCode(await query(c.accessToken, ids))).toBe('invalid_params')
    expect((await query(c.accessToken, ids.slice(0, 20))).statusCode).toBe(200)
  })

  it('user stats count the public videos', async () => {
    const c = await connect(t.app)
    await publishSome(c.accessToken, 2)
    const res = await t.app.inject({
      method: 'GET',
      url: '/v2/user/info/?fields=video_count,likes_count',
      headers: { authorization: `Bearer ${c.accessToken}` },
    })
    expect(res.json().data.user.video_count).toBe(2)
  })
})
