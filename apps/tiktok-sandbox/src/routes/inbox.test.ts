import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  ADMIN,
  adminPublish,
  apiPost,
  connect,
  errorCode,
  fetchStatus,
  makeSandbox,
  photoBody,
  photoInit,
  pressInboxButton,
  tokenRequest,
  uploadInboxVideo,
  type TestSandbox,
} from '../testing/harness'
import { startImageServer, waitFor, type ImageServer } from '../testing/image-server'

let images: ImageServer
let t: TestSandbox
const img = (name: string) => `${images.origin}/img/${name}`

beforeEach(async () => {
  images = await startImageServer()
  t = await makeSandbox({ allowedPullPrefixes: [`${images.origin}/img/`], processingMs: 1000, moderationMs: 500 })
})
afterEach(async () => {
  await t.close()
  await images.close()
})

const status = async (token: string, id: string) => (await fetchStatus(t.app, token, id)).json().data
const creatorPage = async (username: string) =>
  (await t.app.inject({ method: 'GET', url: `/creators/${username}` })).body
const listVideos = (token: string) =>
  apiPost(t.app, '/v2/video/list/?fields=id,cover_image_url,duration,title,video_description,width,height', token, {})

async function photoDraft(token: string, names = ['ok-1.jpg', 'ok-2.jpg']): Promise<string> {
  const res = await photoInit(t.app, token, photoBody(names.map(img), { mode: 'MEDIA_UPLOAD' }))
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`)
  const id = res.json().data.publish_id as string
  await waitFor(async () => (await adminPublish(t.app, id)).pullState !== 'downloading')
  return id
}

describe('the inbox', () => {
  it('an inbox video waits as SEND_TO_USER_INBOX; the creator presses Post → PUBLISH_COMPLETE, then public and listed', async () => {
    const c = await connect(t.app, { username: 'ina' })
    const id = await uploadInboxVideo(t.app, c.accessToken)
    t.clock.advance(1000)
    expect(await status(c.accessToken, id)).toMatchObject({ status: 'SEND_TO_USER_INBOX' })
    const page = await creatorPage('ina')
    expect(page).toContain('Draft from test-app')
    expect(page).toContain(id)
    expect(page).toMatch(/<button type="submit" name="action" value="post" class="primary">Post<\/button>/)
    expect(page).toMatch(/<button type="submit" name="action" value="discard" class="secondary">Discard<\/button>/)
    expect(page).toContain('No posts yet.')

    const pressed = await pressInboxButton(t.app, 'ina', id, 'post')
    expect(pressed.statusCode).toBe(303)
    expect(pressed.headers.location).toBe('/creators/ina')
    expect(await status(c.accessToken, id)).toMatchObject({
      status: 'PUBLISH_COMPLETE',
      publicaly_available_post_id: [],
    })
    expect((await listVideos(c.accessToken)).json().data.videos).toEqual([])
    t.clock.advance(500)
    const done = await fetchStatus(t.app, c.accessToken, id)
    const postId = /"publicaly_available_post_id":\[(7\d{18})\]/.exec(done.body)?.[1]
    expect(postId).toBeDefined()
    expect((await listVideos(c.accessToken)).json().data.videos.map((v: { id: string }) => v.id)).toEqual([postId])
    const after = await creatorPage('ina')
    expect(after).not.toContain('Draft from test-app')
    expect(after).toContain('Everyone (posted from the inbox)')
  })

  it('a MEDIA_UPLOAD photo post: p_inbox_url id, downloaded, in the inbox; Post makes it a public photo post', async () => {
    const c = await connect(t.app, { username: 'pia' })
    const id = await photoDraft(c.accessToken)
    expect(id).toMatch(/^p_inbox_url~v2\.\d{18}$/)
    expect(await status(c.accessToken, id)).toMatchObject({ status: 'PROCESSING_DOWNLOAD', downloaded_bytes: 8192 })
    t.clock.advance(1000)
    expect(await status(c.accessToken, id)).toMatchObject({ status: 'SEND_TO_USER_INBOX' })
    expect(await creatorPage('pia')).toContain('Photo post, 2 images')

    await pressInboxButton(t.app, 'pia', id, 'post')
    t.clock.advance(500)
    expect((await status(c.accessToken, id)).status).toBe('PUBLISH_COMPLETE')
    const videos = (await listVideos(c.accessToken)).json().data.videos
    expect(videos).toHaveLength(1)
    expect(videos[0]).toMatchObject({ duration: 0, width: 1080, height: 1920, title: 'Three hooks that work' })
    expect(videos[0].video_description).toBe('Swipe for all three #hooks')
    expect(videos[0].cover_image_url).toMatch(/^http:\/\/sandbox\.test\/media\/[0-9a-f]{32}$/)
    const page = await creatorPage('pia')
    expect(page).toContain('alt="Slide 1 of 2"')
    expect(page).toContain('alt="Slide 2 of 2"')
  })

  it('Discard → FAILED with publish_cancelled; the draft leaves the inbox and a second press is refused (409)', async () => {
    const c = await connect(t.app, { username: 'dia' })
    const id = await photoDraft(c.accessToken)
    t.clock.advance(1000)
    expect((await pressInboxButton(t.app, 'dia', id, 'discard')).statusCode).toBe(303)
    expect(await status(c.accessToken, id)).toMatchObject({ status: 'FAILED', fail_reason: 'publish_cancelled' })
    const page = await creatorPage('dia')
    expect(page).not.toContain(id)
    expect(page).toContain('No drafts waiting.')
    expect((await pressInboxButton(t.app, 'dia', id, 'post')).statusCode).toBe(409)
    expect((await listVideos(c.accessToken)).json().data.videos).toEqual([])
  })

  it('a draft still downloading or processing cannot be posted; another creator’s page cannot touch it', async () => {
    const c = await connect(t.app, { username: 'early' })
    await connect(t.app, { username: 'other' })
    const id = await photoDraft(c.accessToken)
    expect((await pressInboxButton(t.app, 'early', id, 'post')).statusCode).toBe(409)
    t.clock.advance(1000)
    expect((await pressInboxButton(t.app, 'other', id, 'post')).statusCode).toBe(404)
    expect((await status(c.accessToken, id)).status).toBe('SEND_TO_USER_INBOX')
  })

  it('the admin API presses the same buttons', async () => {
    const c = await connect(t.app)
    const id = await uploadInboxVideo(t.app, c.accessToken)
    t.clock.advance(1000)
    const url = `/sandbox/admin/publishes/${encodeURIComponent(id)}/inbox`
    const post = await t.app.inject({ method: 'POST', url, headers: ADMIN, payload: { action: 'post' } })
    expect(post.statusCode).toBe(200)
    expect((await status(c.accessToken, id)).status).toBe('PUBLISH_COMPLETE')
    const again = await t.app.inject({ method: 'POST', url, headers: ADMIN, payload: { action: 'discard' } })
    expect(again.statusCode).toBe(409)
    const bad = await t.app.inject({ method: 'POST', url, headers: ADMIN, payload: { action: 'keep' } })
    expect(bad.statusCode).toBe(400)
  })

  it('photo drafts and inbox videos share the 5 pending shares per 24 h (403 spam_risk_too_many_pending_share)', async () => {
    const c = await connect(t.app)
    for (let i = 0; i < 3; i++) await uploadInboxVideo(t.app, c.accessToken)
    t.clock.advance(61_000)
    await photoDraft(c.accessToken)
    await photoDraft(c.accessToken)
    const sixth = await photoInit(t.app, c.accessToken, photoBody([img('ok-1.jpg')], { mode: 'MEDIA_UPLOAD' }))
    expect([sixth.statusCode, errorCode(sixth)]).toEqual([403, 'spam_risk_too_many_pending_share'])
    const video = await apiPost(t.app, '/v2/post/publish/inbox/video/init/', c.accessToken, {
      source_info: { source: 'FILE_UPLOAD', video_size: 2048, chunk_size: 2048, total_chunk_count: 1 },
    })
    expect([video.statusCode, errorCode(video)]).toEqual([403, 'spam_risk_too_many_pending_share'])
    // A draft does not need privacy_level, and does not count toward the direct cap.
    const direct = await photoInit(t.app, c.accessToken, photoBody([img('ok-1.jpg')]))
    expect(direct.statusCode).toBe(200)
    t.clock.advance(86_400_001)
    const refreshed = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: c.refreshToken })
    const later = await photoInit(
      t.app,
      refreshed.json().access_token,
      photoBody([img('ok-1.jpg')], { mode: 'MEDIA_UPLOAD' }),
    )
    expect(later.statusCode).toBe(200)
  })
})
