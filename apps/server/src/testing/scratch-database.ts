import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** A throwaway PostgreSQL database on the server `adminUrl` names (TEST_DATABASE_URL), for one test file or server. */
export interface ScratchDatabase {
  /** Its connection string. */
  url: string
  /** Drops it, closing whatever is still connected. */
  drop(): Promise<void>
}

async function asAdmin(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}

/** Creates `<prefix>_<pid>_<random>` (prefix: lower-case letters and underscores, a safe identifier). */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  if (!/^[a-z_]+$/.test(prefix)) throw new Error(`scratch database prefix must be [a-z_]+: ${prefix}`)
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`
  await asAdmin(adminUrl, `CREATE DATABASE ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}
