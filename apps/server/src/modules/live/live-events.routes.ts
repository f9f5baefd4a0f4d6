import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { MESSAGES } from '@hookpost/shared'
import type { EventBus } from '../../lib/events'
import { AppError } from '../../lib/errors'

/** A stream whose client stopped reading is closed rather than buffered without end (it reconnects and reloads). */
const MAX_BUFFERED_BYTES = 1024 * 1024
/**
 * Open streams per user in one API process (ADR 021): one per tab, so ten tabs or windows at once. What a stream holds
 * (a socket, a subscription, buffers) is this process's, so the cap is too. The eleventh is refused with 429, not
 * made to push out the oldest: that one's browser would reconnect at once and push out the next, round and round.
 */
export const MAX_STREAMS_PER_USER = 10

/** What a stream needs to end with its session (modules/auth's session watch). */
export interface StreamSessions {
  watch(session: { id: string; userId: string; expiresAt: Date }, onEnd: () => void): () => void
}

export interface LiveEventRoutesOptions {
  events: EventBus
  sessions: StreamSessions
  pingMs?: number
  maxStreamsPerUser?: number
}

/**
 * GET /api/events: Server-Sent Events with the signed-in user's live events (`data: <ServerEvent JSON>`), so the
 * calendar turns green without a refresh. A `: ping` comment keeps proxies from closing an idle stream; `retry` tells
 * the browser how soon to reconnect. Streams end when the client goes away, when the server closes, and when the
 * session they were opened with ends (sign-out, password reset, expiry, any deletion): the browser reconnects and is
 * refused with 401.
 */
export const liveEventRoutes: FastifyPluginAsyncZod<LiveEventRoutesOptions> = async (
  app,
  { events, sessions, pingMs = 20_000, maxStreamsPerUser = MAX_STREAMS_PER_USER },
) => {
  const open = new Set<() => void>()
  const openByUser = new Map<string, Set<() => void>>()
  // Hijacked responses are invisible to the server's close: end them first, or the close would wait for them.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end()
  })

  app.get(
    '/events',
    {
      schema: {
        tags: ['posts'],
        summary: 'Live updates of your posts, created videos and automation (text/event-stream)',
        description:
          'Each message is `data: <JSON>` with `type` post.updated (the whole post), post.deleted, post.progress, ' +
          'video.updated (the whole created video), video.deleted, video.progress, or automation.updated (the ' +
          'automation’s settings or runs changed: fetch GET /api/automation again).',
      },
    },
    async (request, reply) => {
      const { user, sessionId, sessionExpiresAt } = request
      if (!user || !sessionId || !sessionExpiresAt) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated)
      let mine = openByUser.get(user.id)
      if ((mine?.size ?? 0) >= maxStreamsPerUser) throw new AppError('RATE_LIMITED', MESSAGES.tooManyEventStreams)
      reply.hijack()
      const res = reply.raw
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      })
      res.write('retry: 3000\n\n')

      let ended = false
      const end = () => {
        if (ended) return
        ended = true
        clearInterval(ping)
        unsubscribe()
        stopWatching()
        open.delete(end)
        mine?.delete(end)
        if (mine?.size === 0) openByUser.delete(user.id)
        if (!res.writableEnded) res.end()
      }
      const send = (text: string) => {
        if (ended) return
        if (res.writableLength > MAX_BUFFERED_BYTES) return end()
        res.write(text)
      }
      const unsubscribe = events.subscribe(user.id, (event) => send(`data: ${JSON.stringify(event)}\n\n`))
      const ping = setInterval(() => send(': ping\n\n'), pingMs)
      ping.unref()
      const stopWatching = sessions.watch({ id: sessionId, userId: user.id, expiresAt: sessionExpiresAt }, end)
      open.add(end)
      if (!mine) {
        mine = new Set()
        openByUser.set(user.id, mine)
      }
      mine.add(end)
      request.raw.on('close', end)
      res.on('close', end)
    },
  )
}
