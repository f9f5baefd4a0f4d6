import path from 'node:path'
import { loadConfig } from '../../apps/server/src/config'

/**
 * The configuration a bench's server runs with: quiet, its data in `dir`, no web build, on PostgreSQL when
 * `databaseUrl` is given (else PGlite in `dir`), plus the bench's own `env`.
 */
export function benchConfig(dir: string, databaseUrl: string | undefined, env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(dir, 'data'),
    PUBLIC_URL: 'http://localhost:3999',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  })
}
