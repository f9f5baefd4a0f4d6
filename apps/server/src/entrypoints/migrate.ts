import { ConfigError, loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { DataDirLockedError } from '../db/lock'

/** Applies the database migrations and exits. `start` does this too; run it alone before rolling out N processes. */
try {
  const config = loadConfig()
  const database = await openDatabase(config.database)
  try {
    await database.migrate()
    console.log(`Migrations applied (${database.kind}).`)
  } finally {
    await database.close()
  }
} catch (err) {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message)
  else console.error(err)
  process.exit(1)
}
