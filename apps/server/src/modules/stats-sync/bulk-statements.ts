import { sql, type SQL } from 'drizzle-orm'

/** `VALUES (…), (…)` for an UPDATE … FROM; every value cast, so PostgreSQL knows the column types. */
export function values(rows: SQL[][]): SQL {
  return sql.join(
    rows.map((cells) => sql`(${sql.join(cells, sql`, `)})`),
    sql`, `,
  )
}

/** The rows of a raw statement's result (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[]
}

/** Rows per statement of bulk writes: well under PostgreSQL's 65,535 parameters. */
export const BULK_ROWS = 2_000
