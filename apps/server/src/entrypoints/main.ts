import { ConfigError, type StorageConfig } from '../config'
import { DataDirLockedError } from '../db/lock'
import { StorageUnreachableError } from '../integrations/storage'
import { createRuntime, stopOnSignals, type RuntimeMode } from './runtime'

/** Shared by the start/api/worker entrypoints: readable failures instead of stack traces for known problems. */
export async function main(mode: RuntimeMode) {
  try {
    const runtime = await createRuntime({ mode })
    stopOnSignals(runtime)
    if (runtime.http) {
      await runtime.http.listen({ host: runtime.config.host, port: runtime.config.port })
      console.log(`Hookpost (${mode}) is running at ${runtime.config.publicUrl}`)
      console.log(
        `  database: ${runtime.database.kind === 'pglite' ? `embedded PGlite in ${runtime.config.dataDir}` : 'PostgreSQL'}` +
          ` · media: ${storageLabel(runtime.config.storage)}` +
          ` · mail: ${runtime.config.mail.devOutbox ? `dev outbox at ${runtime.config.publicUrl}/dev/outbox` : 'SMTP'}` +
          ` · API reference: ${runtime.config.publicUrl}/api/docs`,
      )
    } else {
      console.log(`Hookpost worker is running (queues: ${runtime.queue.names.join(', ')})`)
    }
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof StorageUnreachableError) {
      console.error(`\nHookpost cannot start.\n${err.message}\n`)
    } else {
      console.error('\nHookpost cannot start:', err)
    }
    process.exit(1)
  }
}

function storageLabel(storage: StorageConfig): string {
  return storage.kind === 'local'
    ? 'local disk'
    : `S3 bucket ${storage.bucket} at ${storage.endpoint ?? `AWS ${storage.region}`}`
}
