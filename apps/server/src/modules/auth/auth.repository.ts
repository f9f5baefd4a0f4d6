import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import type { Database } from '../../db/client'
import { account, session, user, verification } from '../../db/schema'

/** better-auth's storage: its four tables, through our Drizzle database. */
export function authDatabaseAdapter(db: Database) {
  return drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } })
}
