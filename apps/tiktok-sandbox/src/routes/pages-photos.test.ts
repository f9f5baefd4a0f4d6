import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  adminPublish,
  CLIENT_KEY,
  CLIENT_SECRET,
  connect,
  form,
  FORM,
  makeSandbox,
  photoBody,
  photoInit,
  type TestSandbox,
} from '../testing/harness'
import { startImageServer, waitFor, type ImageServer } from '../testing/image-server'

let images: ImageServer
let t: TestSandbox
beforeEach(async () => {
  images = await startImageServer()
  t = await makeSandbox({ allowedPullPrefixes: [`${images.origin}/img/`], processingMs: 0, moderationMs: 0 })
})
afterEach(async () => {
  await t.close()
  await images.close()
})

describe('creator pages: photo posts', () => {
  it('show a posted photo post as a carousel: images in order, "Slide N of M", previous/next links', async () => {
    const c = await connect(t.app, { username: 'carousel' })
    const urls = ['ok-1.jpg', 'ok-2.jpg', 'ok-3.jpg'].map((n) => `${images.origin}/img/${n}`)
    const res = await photoInit(t.app, c.accessToken, photoBody(urls))
    const id = res.json().data.publish_id
    await waitFor(async () => (await adminPublish(t.app, id)).pullState === 'done')
    const files = ((await adminPublish(t.app, id)).photos as Array<{ media_url: string }>).map((p) =>
      p.media_url.split('/').pop(),
    )

    const body = (await t.app.inject({ method: 'GET', url: '/creators/carousel' })).body
    const imgs = [
      ...body.matchAll(/<img\s+src="http:\/\/sandbox\.test\/media\/([0-9a-f]{32})"\s+alt="(Slide \d of \d)"/g),
    ]
    expect(imgs.map((m) => [m[1], m[2]])).toEqual([
      [files[0], 'Slide 1 of 3'],
      [files[1], 'Slide 2 of 3'],
      [files[2], 'Slide 3 of 3'],
    ])
    expect(body).toMatch(/class="slides" tabindex="0"/)
    expect(body).toContain('aria-roledescription="carousel"')
    const links = [...body.matchAll(/<a class="slide-link" href="#([^"]+)">([^<]+)<\/a>/g)].map((m) => m[2])
    expect(links).toEqual([
      'Next: slide 2 of 3',
      'Previous: slide 1 of 3',
      'Next: slide 3 of 3',
      'Previous: slide 2 of 3',
    ])
    for (const [, target] of body.matchAll(/<a class="slide-link" href="#([^"]+)"/g)) {
      expect(body).toContain(`id="${target}"`)
    }
    expect(body).toContain('Swipe for all three #hooks')
    expect(body).not.toContain('<video')
  })
})

describe('/sandbox/settings (verified URL properties page)', () => {
  const submit = (values: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/sandbox/settings/url-properties', headers: FORM, payload: form(values) })

  it('lists properties with labelled fields; adds and removes with the admin key, refuses without it', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/sandbox/settings' })).body
    expect(page).toContain(`URL prefix <code>${images.origin}/img/</code>`)
    for (const [id, label] of [
      [`type-domain-${CLIENT_KEY}`, 'Domain (e.g. static.example.com)'],
      [`value-${CLIENT_KEY}`, 'Domain or URL prefix'],
      [`key-${CLIENT_KEY}`, 'Admin key'],
    ]) {
      expect(page).toContain(`<label for="${id}">${label}</label>`)
      expect(page).toContain(`id="${id}"`)
    }
    expect(page).toContain(`>Remove ${images.origin}/img/</button>`)
    expect(page).toContain('>Add property</button>')

    const denied = await submit({
      client_key: CLIENT_KEY,
      type: 'domain',
      value: 'cdn.example.com',
      admin_key: 'wrong',
    })
    expect(denied.statusCode).toBe(401)
    expect(denied.body).toContain('role="alert"')

    const added = await submit({
      client_key: CLIENT_KEY,
      type: 'domain',
      value: 'cdn.example.com',
      admin_key: CLIENT_SECRET,
      add: '1',
    })
    expect(added.statusCode).toBe(200)
    expect(added.body).toContain('Added cdn.example.com.')
    expect(added.body).toContain('Domain <code>cdn.example.com</code>')

    const invalid = await submit({
      client_key: CLIENT_KEY,
      type: 'url_prefix',
      value: 'no-slash',
      admin_key: CLIENT_SECRET,
    })
    expect(invalid.statusCode).toBe(400)

    const removed = await submit({ client_key: CLIENT_KEY, remove: 'domain cdn.example.com', admin_key: CLIENT_SECRET })
    expect(removed.statusCode).toBe(200)
    expect(removed.body).not.toContain('<code>cdn.example.com</code>')
  })
})
