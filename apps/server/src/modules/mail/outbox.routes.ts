import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { MESSAGES, outboxListSchema } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { MailRepository } from './mail.repository'

function isLoopback(ip: string | undefined): boolean {
  return ip !== undefined && (ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.'))
}

/**
 * The outbox holds live reset links: only a browser on this machine may read it, even when HOST=0.0.0.0. Both the
 * socket's peer and the client address TRUST_PROXY derives must be loopback: with a hop count, request.ip is whatever
 * the peer put in X-Forwarded-For, so a remote client could otherwise forge `127.0.0.1`; and behind a proxy on this
 * machine the peer is always loopback, so the forwarded client address must be too (ADR 020).
 */
function isFromThisMachine(request: FastifyRequest): boolean {
  return isLoopback(request.socket.remoteAddress) && isLoopback(request.ip)
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
}

/**
 * The development outbox: every mail the app "sent" while SMTP_URL is unset. Registered only in development without
 * SMTP (config.mail.devOutbox), never in production: it shows reset links for every account.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ repo: MailRepository }> = async (app, { repo }) => {
  app.addHook('onRequest', async (request) => {
    if (!isFromThisMachine(request)) throw new AppError('NOT_FOUND', MESSAGES.notFound)
  })
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Development outbox (only without SMTP_URL, never in production)',
        response: { 200: outboxListSchema },
      },
    },
    async () => {
      const rows = await repo.listRecent(50)
      return {
        mails: rows.map((r) => ({
          id: r.id,
          to: r.to,
          subject: r.subject,
          text: r.text,
          status: r.status,
          createdAt: r.createdAt.toISOString(),
        })),
      }
    },
  )

  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await repo.listRecent(50)
    const items = rows
      .map(
        (r) => `<article>
  <h2>${escapeHtml(r.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(r.to)}</strong> · ${r.createdAt.toISOString()} · ${r.status}</p>
  <pre>${linkify(r.text)}</pre>
</article>`,
      )
      .join('\n')
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development outbox · Hookpost</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111}
article{border:1px solid #ddd;border-radius:.5rem;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;word-break:break-word}
.meta{color:#555;font-size:.9rem}</style></head>
<body><h1>Development outbox</h1>
<p>Mail is not sent anywhere because <code>SMTP_URL</code> is not set. The newest 50 messages:</p>
${items || '<p>No mail yet.</p>'}
</body></html>`
  })
}
