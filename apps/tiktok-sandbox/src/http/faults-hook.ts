import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyRequest } from 'fastify'
import type { Sandbox } from '../sandbox'

export type InjectedFault = 'server_error' | 'rate_limit' | undefined

/**
 * Request-level fault injection for API routes: waits `latency_ms`, then decides whether this request fails with a
 * 5xx or a 429 (each drawn from the injectable random source). The caller renders the failure in its own format.
 */
export async function injectFaults(
  sandbox: Sandbox,
  request: FastifyRequest,
  allowRateLimit: boolean,
): Promise<InjectedFault> {
  const path = request.url.split('?')[0] ?? request.url
  const faults = sandbox.faults
  if (!faults.appliesTo(path)) return undefined
  const { latency_ms, server_error_rate, rate_limit_rate } = faults.current
  if (latency_ms) await sleep(latency_ms)
  if (server_error_rate && sandbox.config.random() < server_error_rate) return 'server_error'
  if (allowRateLimit && rate_limit_rate && sandbox.config.random() < rate_limit_rate) return 'rate_limit'
  return undefined
}
