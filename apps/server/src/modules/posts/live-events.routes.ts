import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { MESSAGES } from '@hookpost/shared'
import type { EventBus } from '../../lib/events'
import { AppError } from '../../lib/errors'

/** A stream whose client stopped reading is closed rather than buffered without end (it reconnects and reloads). */
const MAX_BUFFERED_BYTES = 1024 * 1024

/**
 * GET /api/events: Server-Sent Events with the signed-in user's live events (`data: <ServerEvent JSON>`), so the
 * calendar turns green without a refresh. A `: ping` comment keeps proxies from closing an idle stream; `retry` tells
 * the browser how soon to reconnect. Streams end when the client goes away and when the server closes.
 */
export const liveEventRoutes: FastifyPluginAsyncZod<{ events: EventBus; pingMs?: number }> = async (
  app,
  { events, pingMs = 20_000 },
) => {
  const open = new Set<() => void>()
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
      const user = request.user
      if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated)
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
        open.delete(end)
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
      open.add(end)
      request.raw.on('close', end)
      res.on('close', end)
    },
  )
}
