import type { FastifyReply } from 'fastify'
import type { Sandbox } from '../sandbox'
import { stringifyWithRawNumbers } from './json'

/**
 * v2 responses: `{"data":{…},"error":{"code":"ok","message":"","log_id":"…"}}`, errors with `"data":{}`
 * (tiktok-api.md §3, §4.1). The log id is also sent as `x-tt-logid`, like TikTok does.
 */
export function sendEnvelope(
  reply: FastifyReply,
  sandbox: Sandbox,
  status: number,
  data: unknown,
  error: { code: string; message: string },
): FastifyReply {
  const logId = sandbox.logId()
  return reply
    .code(status)
    .header('x-tt-logid', logId)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(stringifyWithRawNumbers({ data, error: { code: error.code, message: error.message, log_id: logId } }))
}

export function sendOk(reply: FastifyReply, sandbox: Sandbox, data: unknown): FastifyReply {
  return sendEnvelope(reply, sandbox, 200, data, { code: 'ok', message: '' })
}

export function sendApiError(
  reply: FastifyReply,
  sandbox: Sandbox,
  status: number,
  code: string,
  message: string,
): FastifyReply {
  return sendEnvelope(reply, sandbox, status, {}, { code, message })
}

/** OAuth endpoints answer flat JSON (tiktok-api.md §1.4). */
export function sendOAuthError(
  reply: FastifyReply,
  sandbox: Sandbox,
  status: number,
  error: string,
  description: string,
): FastifyReply {
  const logId = sandbox.logId()
  return reply
    .code(status)
    .header('x-tt-logid', logId)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ error, error_description: description, log_id: logId }))
}
