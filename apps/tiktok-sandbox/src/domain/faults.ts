import { z } from 'zod'
import { failReasonSchema } from '../state/schema'

/** Fault injection set through `PUT /sandbox/admin/faults` (replaces the whole set; DELETE resets). In memory only. */
export const faultsSchema = z
  .object({
    server_error_rate: z.number().min(0).max(1).optional(),
    latency_ms: z.number().int().min(0).max(120_000).optional(),
    rate_limit_rate: z.number().min(0).max(1).optional(),
    stuck_processing: z.boolean().optional(),
    fail_next_publish: failReasonSchema.optional(),
    unaudited: z.boolean().optional(),
    paths: z.array(z.string().startsWith('/')).optional(),
  })
  .strict()
export type Faults = z.infer<typeof faultsSchema>

export class FaultState {
  current: Faults = {}

  /** Whether request-level faults (latency, 5xx, 429) apply to this path (`paths` limits them; trailing / ignored). */
  appliesTo(path: string): boolean {
    const { paths } = this.current
    if (!paths || paths.length === 0) return true
    const norm = (p: string) => (p.endsWith('/') ? p.slice(0, -1) : p)
    return paths.some((p) => norm(p) === norm(path))
  }

  /** One-shot: the next publish created fails with this reason after processing. */
  takeFailNextPublish(): Faults['fail_next_publish'] {
    const reason = this.current.fail_next_publish
    if (reason) {
      const { fail_next_publish: _, ...rest } = this.current
      this.current = rest
    }
    return reason
  }
}
