// Placeholder until the sync half of bench:analytics lands (issue 19); replaced by its implementation.
export async function runSyncBench(_argv: string[]): Promise<void> {
  throw new Error('bench:analytics sync part is not built yet')
}
