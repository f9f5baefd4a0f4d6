import type { FastifyReply } from 'fastify'

/**
 * A signal that aborts when the client goes away before its answer was sent (the connection closed, a tab shut).
 * Read from the response, not `request.signal`: on Node 20 that one aborts as soon as the request body has been read,
 * while the client is still waiting. Call `dispose` once the answer is settled.
 */
export function clientGone(reply: FastifyReply): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController()
  const onClose = () => {
    if (!reply.raw.writableFinished) controller.abort()
  }
  reply.raw.on('close', onClose)
  return { signal: controller.signal, dispose: () => reply.raw.off('close', onClose) }
}
