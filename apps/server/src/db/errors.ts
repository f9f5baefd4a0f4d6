/** PostgreSQL's foreign_key_violation (23503); drizzle wraps the driver's error, so look at the causes too. */
export function isForeignKeyViolation(err: unknown): boolean {
  let e: unknown = err
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    if ((e as { code?: unknown }).code === '23503') return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
