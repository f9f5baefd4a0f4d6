import type { FastifyInstance } from 'fastify'
import { AI_MESSAGES, AI_WAITING_PER_PERSON, generateHooksResponseSchema } from '@hookpost/shared'
import type { Runtime } from '../../apps/server/src/entrypoints/runtime'
import type { Person } from './bench-fair-slideshows'
import { postAs } from './bench-fair-timing'

/**
 * bench:fair's AI part (ADR 059): a light person's AI calls (hook suggestions) timed alone, then while other people
 * flood the AI — each keeping as many calls in flight as they may (their running ones and a full waiting line), so
 * every slot of the process is taken. The server is pointed at a local OpenAI-compatible service that answers after a
 * fixed delay, through AI_BASE_URL, as a real provider would be.
 */
export const BENCH_HOOKS = ['One', 'Two', 'Three', 'Four', 'Five'].map((n) => `${n} reasons your sourdough is flat`)

async function describedAccount(http: FastifyInstance, who: Person, name: string): Promise<string> {
  const res = await postAs(http, who, '/api/tiktok/accounts', {
    accountName: name,
    accountUsername: `bench_${name}_${process.pid}`.toLowerCase().replace(/[^a-z0-9_]/g, ''),
    targetAudience: 'home bakers',
    niche: 'sourdough bread',
    appGoals: 'sell my starter kit',
  })
  if (res.statusCode !== 201) throw new Error(`POST /api/tiktok/accounts answered ${res.statusCode}: ${res.body}`)
  return res.json<{ account: { id: string } }>().account.id
}

type Outcome = 'answered' | 'waiting-line-full' | 'rate-limited'

async function askHooks(http: FastifyInstance, who: Person, accountId: string, title: string): Promise<Outcome> {
  const res = await postAs(http, who, '/api/generate?type=hooks', { accountId, videoTitle: title })
  if (res.statusCode === 429) {
    return res.json<{ message: string }>().message === AI_MESSAGES.tooManyWaiting ? 'waiting-line-full' : 'rate-limited'
  }
  if (res.statusCode !== 200 || !generateHooksResponseSchema.parse(res.json()).success) {
    throw new Error(`hooks answered ${res.statusCode}: ${res.body}`)
  }
  return 'answered'
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export async function benchAiCalls(
  runtime: Runtime,
  people: { light: Person; flooders: Person[] },
  size: { lightCalls: number; retryMs: number },
) {
  const http = runtime.http!
  const lightAccount = await describedAccount(http, people.light, 'light')
  const lightCalls = async () => {
    const times: number[] = []
    for (let i = 0; i < size.lightCalls; i++) {
      const started = performance.now()
      const outcome = await askHooks(http, people.light, lightAccount, `Light ${i}`)
      if (outcome !== 'answered') throw new Error(`the light person's call was refused: ${outcome}`)
      times.push(performance.now() - started)
    }
    return times
  }
  const alone = await lightCalls()

  // The flood: each flooder keeps its running calls and a full waiting line busy until the light calls are done (or
  // its per-minute rate runs out, ADR 055), plus one call over the line, which is refused at once. A call refused
  // because the line was full (someone else's call took the freed slot) is tried again a moment later.
  let stop = false
  const counts = { answered: 0, lineFull: 0, rateLimited: 0 }
  const tally = (outcome: Outcome) => {
    if (outcome === 'answered') counts.answered++
    else if (outcome === 'waiting-line-full') counts.lineFull++
    else counts.rateLimited++
  }
  const flood: Promise<void>[] = []
  const perPerson = runtime.config.aiCalls.perPerson
  const floodAccounts = await Promise.all(people.flooders.map((who, n) => describedAccount(http, who, `flood${n}`)))
  for (const [n, who] of people.flooders.entries()) {
    const account = floodAccounts[n]!
    for (let w = 0; w < perPerson + AI_WAITING_PER_PERSON; w++) {
      flood.push(
        (async () => {
          for (let i = 0; !stop; i++) {
            const outcome = await askHooks(http, who, account, `Flood ${n}.${w}.${i}`)
            tally(outcome)
            if (outcome === 'rate-limited') return
            if (outcome === 'waiting-line-full') await new Promise((resolve) => setTimeout(resolve, size.retryMs))
          }
        })(),
      )
    }
  }
  const filled = performance.now()
  while (!people.flooders.every((who) => runtime.aiCalls.counts(who.userId).waiting === AI_WAITING_PER_PERSON)) {
    if (performance.now() - filled > 30_000) throw new Error('the flood did not fill its waiting lines in 30 s')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  tally(await askHooks(http, people.flooders[0]!, floodAccounts[0]!, 'One over the line'))
  const busy = runtime.aiCalls.counts()
  const behind = await lightCalls()
  stop = true
  await Promise.all(flood)
  return { alone, behind, busy, counts }
}
