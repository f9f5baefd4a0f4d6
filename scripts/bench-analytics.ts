/**
 * npm run bench:analytics (issue 19): the stats sync at scale (200 accounts × 100 posts through the sandbox, within
 * TikTok's rate limits) and the Analytics tab's queries for one account with 10,000 posts. Each part prints its own
 * figures; `--part sync` or `--part queries` runs one of them.
 */
import { runSyncBench } from './bench-analytics-sync'
import { runQueryBench } from './bench-analytics-query'

const partArg = process.argv.indexOf('--part')
const part = partArg >= 0 ? process.argv[partArg + 1] : 'all'
if (part === 'all' || part === 'sync') await runSyncBench(process.argv)
if (part === 'all' || part === 'queries') await runQueryBench(process.argv)
