import type { SandboxState } from '../state/schema'

/**
 * Drops expired tokens and codes so state.json does not grow forever. Takes the state, not the Sandbox: the Sandbox
 * calls it on every save, and tokens.ts (which works on a Sandbox) would make that a cycle.
 */
export function pruneExpired(state: SandboxState, now: number): void {
  for (const [token, record] of Object.entries(state.tokens)) {
    if (record.expiresAt <= now) delete state.tokens[token]
  }
  for (const [code, record] of Object.entries(state.codes)) {
    if (record.expiresAt <= now) delete state.codes[code]
  }
}
