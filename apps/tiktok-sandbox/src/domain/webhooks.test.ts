import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  ADMIN,
  CLIENT_KEY,
  CLIENT_SECRET,
  connect,
  makeSandbox,
  postVideo,
  pressInboxButton,
  testClient,
  uploadInboxVideo,
  type TestSandbox,
} from '../testing/harness'
import { signWebhook } from './webhooks'

interface Received {
  signature: string
  body: string
}

let server: Server
let hookUrl: string
let received: Received[]
let failFirst: number
let t: TestSandbox

beforeEach(async () => {
  received = []
  failFirst = 0
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      received.push({ signature: String(req.headers['tiktok-signature']), body })
      if (failFirst > 0) {
        failFirst--
        res.writeHead(500).end()
      } else res.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tiktok/webhook`
  t = await makeSandbox({ processingMs: 1000, moderationMs: 500, webhookIntervalMs: 3_600_000, webhookRetryMs: 5 })
})
afterEach(async () => {
  await t.close()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const events = () => received.map((r) => JSON.parse(r.body) as { event: string; content: string })

async function setWebhook(url = hookUrl) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/sandbox/admin/clients/${CLIENT_KEY}/webhook`,
    headers: ADMIN,
    payload: { url },
  })
  expect(res.statusCode).toBe(200)
}

describe('webhooks (tiktok-api.md §3.8)', () => {
  it('signs each event: TikTok-Signature t=<unix>,s=hex(HMAC-SHA256(client_secret, t.body))', async () => {
    await setWebhook()
    const c = await connect(t.app)
    const id = await postVideo(t.app, c.accessToken)
    t.clock.advance(1500)
    await t.sandbox.webhooks.sweep()
    expect(events().map((e) => e.event)).toEqual(['post.publish.complete', 'post.publish.publicly_available'])
    for (const { signature, body } of received) {
      const match = /^t=(\d+),s=([0-9a-f]{64})$/.exec(signature)
      expect(match).not.toBeNull()
      const expected = createHmac('sha256', CLIENT_SECRET).update(`${match?.[1]}.${body}`).digest('hex')
      expect(match?.[2]).toBe(expected)
      expect(signature).toBe(signWebhook(CLIENT_SECRET, Number(match?.[1]), body))
    }
    const first = JSON.parse(received[0]?.body ?? '{}')
    expect(first).toMatchObject({
      client_key: CLIENT_KEY,
      event: 'post.publish.complete',
      create_time: Math.floor(t.clock.t / 1000),
      user_openid: c.openId,
    })
    expect(JSON.parse(first.content)).toEqual({ publish_id: id, publish_type: 'DIRECT_PUBLISH' })
    const publicEvent = JSON.parse(JSON.parse(received[1]?.body ?? '{}').content)
    expect(publicEvent.post_id).toMatch(/^7\d{18}$/)

    // Each event goes once.
    await t.sandbox.webhooks.sweep()
    expect(received).toHaveLength(2)
  })

  it('inbox: inbox_delivered, then failed with the reason when the creator discards', async () => {
    await setWebhook()
    const c = await connect(t.app, { username: 'hooked' })
    const id = await uploadInboxVideo(t.app, c.accessToken)
    await t.sandbox.webhooks.sweep()
    expect(received).toEqual([])
    t.clock.advance(1000)
    await t.sandbox.webhooks.sweep()
    await pressInboxButton(t.app, 'hooked', id, 'discard')
    await t.sandbox.webhooks.sweep()
    expect(events().map((e) => [e.event, JSON.parse(e.content)])).toEqual([
      ['post.publish.inbox_delivered', { publish_id: id, publish_type: 'INBOX_SHARE' }],
      ['post.publish.failed', { publish_id: id, publish_type: 'INBOX_SHARE', reason: 'publish_cancelled' }],
    ])
  })

  it('retries a delivery that is not answered 200 (at least once)', async () => {
    await setWebhook()
    failFirst = 2
    const c = await connect(t.app)
    await postVideo(t.app, c.accessToken, { post: { privacy_level: 'SELF_ONLY' } })
    t.clock.advance(1000)
    await t.sandbox.webhooks.sweep()
    expect(events().map((e) => e.event)).toEqual([
      'post.publish.complete',
      'post.publish.complete',
      'post.publish.complete',
    ])
  })

  it('reports only publishes made after the webhook was set; DELETE turns it off; the option seeds it', async () => {
    const c = await connect(t.app)
    await postVideo(t.app, c.accessToken)
    t.clock.advance(1)
    await setWebhook()
    t.clock.advance(1500)
    await t.sandbox.webhooks.sweep()
    expect(received).toEqual([])
    const off = await t.app.inject({
      method: 'DELETE',
      url: `/sandbox/admin/clients/${CLIENT_KEY}/webhook`,
      headers: ADMIN,
    })
    expect(off.json()).toEqual({ webhook: null })
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/sandbox/admin/clients/${CLIENT_KEY}/webhook`,
      headers: ADMIN,
      payload: { url: 'not a url' },
    })
    expect(bad.statusCode).toBe(400)

    const seeded = await makeSandbox({ clients: [testClient({ webhookUrl: hookUrl })] })
    try {
      const got = await seeded.app.inject({
        method: 'GET',
        url: `/sandbox/admin/clients/${CLIENT_KEY}/webhook`,
        headers: ADMIN,
      })
      expect(got.json().webhook.url).toBe(hookUrl)
    } finally {
      await seeded.close()
    }
  })
})
