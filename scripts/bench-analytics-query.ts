// Placeholder until the query half of bench:analytics lands (issue 19); replaced by its implementation.
export async function runQueryBench(_argv: string[]): Promise<void> {
  throw new Error('bench:analytics query part is not built yet')
}
