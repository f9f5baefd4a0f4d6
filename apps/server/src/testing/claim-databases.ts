import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase, type DatabaseHandle } from '../db/client'
import { createScratchDatabase } from './scratch-database'

/**
 * A migrated database for the fair-claim tests (ADR 055, ADR 059): PGlite in a temporary folder, or a scratch
 * database on PostgreSQL when `adminUrl` is given (TEST_DATABASE_URL). On PostgreSQL `second` is another connection
 * pool to the same database, standing for a second worker process (PGlite has one process, so none there).
 */
export async function openClaimDatabases(
  adminUrl: string | undefined,
  prefix: string,
): Promise<{ database: DatabaseHandle; second: DatabaseHandle | undefined; close(): Promise<void> }> {
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, prefix)
    const database = await openDatabase({ kind: 'postgres', url: scratch.url })
    await database.migrate()
    const second = await openDatabase({ kind: 'postgres', url: scratch.url })
    return {
      database,
      second,
      async close() {
        await second.close()
        await database.close()
        await scratch.drop()
      },
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`))
  const database = await openDatabase({ kind: 'pglite', dir })
  await database.migrate()
  return {
    database,
    second: undefined,
    async close() {
      await database.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
