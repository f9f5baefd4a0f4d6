import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { MESSAGES, type ServerEvent } from '@hookpost/shared'
import { registerErrorHandling } from '../../http/errors'
import { createInProcessEventBus, type EventBus } from '../../lib/events'
import { liveEventRoutes, MAX_STREAMS_PER_USER, type StreamSessions } from './live-events.routes'

const log = { warn: () => undefined, error: () => undefined }

/** Session watches as the route sees them: the test ends a session by calling `endSession`. */
function fakeSessions() {
  const watching = new Map<string, Set<() => void>>()
  const sessions: StreamSessions = {
    watch(session, onEnd) {
      const set = watching.get(session.id) ?? new Set()
      watching.set(session.id, set)
      set.add(onEnd)
      return () => set.delete(onEnd)
    },
  }
  return {
    sessions,
    watched: (id: string) => watching.get(id)?.size ?? 0,
    endSession: (id: string) => [...(watching.get(id) ?? [])].forEach((onEnd) => onEnd()),
  }
}

/** The SSE route alone on a real socket: who is signed in (and their session `<user>-session`) comes from a header. */
async function serve(events: EventBus, pingMs: number, sessions = fakeSessions().sessions, maxStreamsPerUser = 10) {
  const app = Fastify()
  registerErrorHandling(app)
  app.addHook('preHandler', async (request) => {
    const id = request.headers['x-user']
    if (typeof id !== 'string') return
    request.user = { id, email: `${id}@example.com` }
    request.sessionId = `${id}-session`
    request.sessionExpiresAt = new Date(Date.now() + 3_600_000)
  })
  await app.register(liveEventRoutes, { prefix: '/api', events, sessions, pingMs, maxStreamsPerUser })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, url }
}

/** Reads SSE messages (blocks separated by a blank line) as they arrive. */
async function connect(url: string, user: string) {
  const controller = new AbortController()
  const res = await fetch(`${url}/api/events`, { headers: { 'x-user': user }, signal: controller.signal })
  const messages: string[] = []
  const ended = (async () => {
    let buffer = ''
    try {
      for await (const chunk of res.body!) {
        buffer += Buffer.from(chunk as Uint8Array).toString('utf8')
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          messages.push(buffer.slice(0, end))
          buffer = buffer.slice(end + 2)
        }
      }
    } catch {
      // aborted by the test
    }
  })()
  return { res, messages, ended, abort: () => controller.abort() }
}

async function waitFor(check: () => boolean, ms = 3_000) {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Counts live subscriptions, to see that streams let go of the bus. */
function countingBus() {
  const inner = createInProcessEventBus(log)
  let open = 0
  const bus: EventBus = {
    publish: inner.publish,
    subscribe(userId, listener) {
      open++
      const stop = inner.subscribe(userId, listener)
      return () => {
        open--
        stop()
      }
    },
    close: inner.close,
  }
  return { bus, open: () => open }
}

let closeApp: (() => Promise<void>) | undefined
afterEach(async () => {
  await closeApp?.()
  closeApp = undefined
})

describe('GET /api/events', () => {
  it("streams the user's events as `data:` lines with retry and pings, and nobody else's", async () => {
    const { bus, open } = countingBus()
    const { app, url } = await serve(bus, 50)
    closeApp = () => app.close()
    const mine = await connect(url, 'u1')
    const theirs = await connect(url, 'u2')
    expect(mine.res.status).toBe(200)
    expect(mine.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(mine.res.headers.get('cache-control')).toBe('no-cache')
    expect(mine.res.headers.get('x-accel-buffering')).toBe('no')
    await waitFor(() => open() === 2)

    const event: ServerEvent = { type: 'post.deleted', postId: 'p1' }
    bus.publish('u1', event)
    await waitFor(() => mine.messages.some((m) => m.startsWith('data: ')))
    expect(mine.messages[0]).toBe('retry: 3000')
    expect(mine.messages.filter((m) => m.startsWith('data: '))).toEqual([`data: ${JSON.stringify(event)}`])
    await waitFor(() => mine.messages.includes(': ping'))
    expect(theirs.messages.some((m) => m.startsWith('data: '))).toBe(false)

    // The client goes away: its subscription goes with it.
    theirs.abort()
    await waitFor(() => open() === 1)
    mine.abort()
    await waitFor(() => open() === 0)
  })

  it('ends open streams when the server closes, instead of keeping it alive', async () => {
    const { bus, open } = countingBus()
    const { app, url } = await serve(bus, 20_000)
    const stream = await connect(url, 'u1')
    await waitFor(() => open() === 1)
    const started = Date.now()
    await app.close()
    await stream.ended
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(open()).toBe(0)
  })

  it('ends the stream when its session ends, and lets go of the watch when the client goes first', async () => {
    const { bus, open } = countingBus()
    const fake = fakeSessions()
    const { app, url } = await serve(bus, 20_000, fake.sessions)
    closeApp = () => app.close()
    const stream = await connect(url, 'u1')
    const other = await connect(url, 'u2')
    await waitFor(() => open() === 2)
    expect(fake.watched('u1-session')).toBe(1)
    fake.endSession('u1-session')
    await stream.ended
    await waitFor(() => open() === 1)
    expect(fake.watched('u1-session')).toBe(0)
    other.abort()
    await waitFor(() => fake.watched('u2-session') === 0)
  })

  it('refuses a user’s stream past the cap with 429 and says why; a closed one makes room', async () => {
    expect(MESSAGES.tooManyEventStreams).toContain(`${MAX_STREAMS_PER_USER} Hookpost tabs`)
    const { bus, open } = countingBus()
    const { app, url } = await serve(bus, 20_000, fakeSessions().sessions, 2)
    closeApp = () => app.close()
    const first = await connect(url, 'u1')
    await connect(url, 'u1')
    await waitFor(() => open() === 2)
    const third = await fetch(`${url}/api/events`, { headers: { 'x-user': 'u1' } })
    expect(third.status).toBe(429)
    expect(await third.json()).toEqual({ code: 'RATE_LIMITED', message: MESSAGES.tooManyEventStreams })
    // Somebody else is not affected.
    const theirs = await connect(url, 'u2')
    expect(theirs.res.status).toBe(200)
    first.abort()
    await waitFor(() => open() === 2)
    const again = await connect(url, 'u1')
    expect(again.res.status).toBe(200)
  })

  it('refuses a request without a signed-in user', async () => {
    const { app, url } = await serve(createInProcessEventBus(log), 50)
    closeApp = () => app.close()
    const res = await fetch(`${url}/api/events`)
    expect(res.status).toBe(401)
  })
})
