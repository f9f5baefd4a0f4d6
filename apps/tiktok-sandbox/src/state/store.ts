import { randomBytes } from 'node:crypto'
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { emptyState, stateSchema, type SandboxState } from './schema'

export const STATE_FILE = 'state.json'

/**
 * Holds the state in memory and persists it to `<dataDir>/state.json`. Writes are atomic (temp file + fsync +
 * rename) and serialized; calls that arrive while a write runs are coalesced into one follow-up write, and every
 * `save()` resolves only once a write that includes the caller's changes is on disk.
 */
export class StateStore {
  readonly state: SandboxState
  private readonly file: string
  private chain: Promise<void> = Promise.resolve()
  private queued: Promise<void> | null = null

  private constructor(file: string, state: SandboxState) {
    this.file = file
    this.state = state
  }

  static async open(dataDir: string): Promise<StateStore> {
    await mkdir(dataDir, { recursive: true })
    const file = path.join(dataDir, STATE_FILE)
    let text: string | undefined
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
    if (text === undefined) return new StateStore(file, emptyState())
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw new Error(`TikTok sandbox: ${file} is not valid JSON; move it away to start with an empty sandbox`)
    }
    const parsed = stateSchema.safeParse(json)
    if (!parsed.success) {
      throw new Error(
        `TikTok sandbox: ${file} has an unexpected shape (${parsed.error.issues[0]?.message ?? 'invalid'})`,
      )
    }
    return new StateStore(file, parsed.data)
  }

  /** Persist the current state; resolves after a write that includes every change made before this call. */
  save(): Promise<void> {
    if (this.queued) return this.queued
    const next = this.chain.then(() => {
      this.queued = null
      return this.write()
    })
    this.queued = next
    this.chain = next.catch(() => undefined)
    return next
  }

  /** Waits for pending writes (used on close). */
  async flush(): Promise<void> {
    await this.chain
  }

  private async write(): Promise<void> {
    const text = JSON.stringify(this.state)
    const tmp = `${this.file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
    const handle = await open(tmp, 'w')
    try {
      await handle.writeFile(text, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    try {
      await rename(tmp, this.file)
    } catch (error) {
      await rm(tmp, { force: true })
      throw error
    }
  }
}
