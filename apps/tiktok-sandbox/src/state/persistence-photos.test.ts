import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  ADMIN,
  adminPublish,
  CLIENT_KEY,
  connect,
  fetchStatus,
  makeSandbox,
  photoBody,
  photoInit,
  pressInboxButton,
  TestClock,
} from '../testing/harness'
import { startImageServer, waitFor, type ImageServer } from '../testing/image-server'
import { STATE_FILE } from './store'

let dir: string
let images: ImageServer
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-photos-'))
  images = await startImageServer()
})
afterEach(async () => {
  await images.close()
  await rm(dir, { recursive: true, force: true })
})

const properties = (app: Awaited<ReturnType<typeof makeSandbox>>['app']) =>
  app.inject({ method: 'GET', url: `/sandbox/admin/clients/${CLIENT_KEY}/url-properties`, headers: ADMIN })

describe('persistence of photo posts, the inbox and URL properties', () => {
  it('a photo draft waits in the inbox across a restart, keeps its images, and can be posted after it', async () => {
    const clock = new TestClock()
    const options = {
      dataDir: dir,
      allowedPullPrefixes: [`${images.origin}/img/`],
      processingMs: 1000,
      moderationMs: 0,
    }
    const first = await makeSandbox(options, clock)
    const c = await connect(first.app, { username: 'keeper' })
    const res = await photoInit(
      first.app,
      c.accessToken,
      photoBody([images.origin + '/img/ok-1.jpg'], { mode: 'MEDIA_UPLOAD' }),
    )
    const id = res.json().data.publish_id
    await waitFor(async () => (await adminPublish(first.app, id)).pullState === 'done')
    const added = await first.app.inject({
      method: 'POST',
      url: `/sandbox/admin/clients/${CLIENT_KEY}/url-properties`,
      headers: ADMIN,
      payload: { type: 'domain', value: 'static.example.com' },
    })
    expect(added.statusCode).toBe(201)
    await first.close()

    const second = await makeSandbox(options, clock)
    try {
      clock.advance(1000)
      expect((await fetchStatus(second.app, c.accessToken, id)).json().data.status).toBe('SEND_TO_USER_INBOX')
      const page = (await second.app.inject({ method: 'GET', url: '/creators/keeper' })).body
      const src = /<img\s+src="http:\/\/sandbox\.test(\/media\/[0-9a-f]{32})"\s+alt="Slide 1 of 1"/.exec(page)?.[1]
      expect(src).toBeDefined()
      expect((await second.app.inject({ method: 'GET', url: src ?? '' })).statusCode).toBe(200)
      expect((await pressInboxButton(second.app, 'keeper', id, 'post')).statusCode).toBe(303)
      expect((await fetchStatus(second.app, c.accessToken, id)).json().data.status).toBe('PUBLISH_COMPLETE')
      const list = (await properties(second.app)).json().url_properties
      expect(list.map((p: { type: string; value: string }) => [p.type, p.value])).toEqual([
        ['url_prefix', `${images.origin}/img/`],
        ['domain', 'static.example.com'],
      ])
    } finally {
      await second.close()
    }
  })

  it('a photo download cut by a restart fails with photo_pull_failed', async () => {
    const clock = new TestClock()
    const options = { dataDir: dir, allowedPullPrefixes: [`${images.origin}/img/`] }
    const first = await makeSandbox(options, clock)
    const c = await connect(first.app)
    const res = await photoInit(first.app, c.accessToken, photoBody([images.origin + '/img/hang.jpg']))
    const id = res.json().data.publish_id
    await first.close()
    const second = await makeSandbox(options, clock)
    try {
      expect((await fetchStatus(second.app, c.accessToken, id)).json().data).toMatchObject({
        status: 'FAILED',
        fail_reason: 'photo_pull_failed',
      })
    } finally {
      await second.close()
    }
  })

  it('loads a state.json written before photo posts (no new fields) and adds the configured prefixes', async () => {
    const old = { version: 1, creators: {}, grants: {}, tokens: {}, codes: {}, publishes: {} }
    await writeFile(path.join(dir, STATE_FILE), JSON.stringify(old))
    const t = await makeSandbox({ dataDir: dir, allowedPullPrefixes: ['http://localhost:3000/'] })
    try {
      const list = (await properties(t.app)).json().url_properties
      expect(list.map((p: { value: string }) => p.value)).toEqual(['http://localhost:3000/'])
    } finally {
      await t.close()
    }
    const saved = JSON.parse(await readFile(path.join(dir, STATE_FILE), 'utf8'))
    expect(saved.webhooks).toEqual({})
  })
})
