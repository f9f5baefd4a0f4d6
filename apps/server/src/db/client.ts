import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { fileURLToPath } from 'node:url'
import * as schema from './schema'
import { acquireDataDirLock } from './lock'
import { takeTurns } from './pglite-turns'

export type Schema = typeof schema
/** The one database type the app uses; PGlite and node-postgres both satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>

export type DatabaseTarget = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string }

export interface DatabaseHandle {
  kind: DatabaseTarget['kind']
  db: Database
  /** Set on PGlite: pg-boss shares this single connection. */
  pglite?: PGlite
  /** Set on PostgreSQL: pg-boss uses its own pool from this URL. */
  url?: string
  migrate(): Promise<void>
  ping(): Promise<boolean>
  close(): Promise<void>
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    const lock = acquireDataDirLock(target.dir)
    try {
      const client = new PGlite(target.dir)
      await client.waitReady
      takeTurns(client)
      const db = drizzlePglite({ client, schema }) as unknown as Database
      return {
        kind: 'pglite',
        db,
        pglite: client,
        migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
        ping: () => ping(db),
        async close() {
          try {
            await client.close()
          } finally {
            lock.release()
          }
        },
      }
    } catch (err) {
      lock.release()
      throw err
    }
  }
  const pool = new pg.Pool({ connectionString: target.url, max: 10 })
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined)
  const db = drizzlePg({ client: pool, schema }) as unknown as Database
  return {
    kind: 'postgres',
    db,
    url: target.url,
    migrate: () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: () => ping(db),
    close: () => pool.end(),
  }
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}
