import { writeFileSync } from 'node:fs'

/*
 * bench:publish's timeline of each post, from records that exist anyway: the claim is the post's `claimed_at`, the
 * init's arrival is the sandbox's own `created_at` of the video, and when the init left Hookpost and when its answer
 * came back are read off the process's outgoing requests (the TikTok client calls the global fetch, so the bench wraps
 * it before the runtime starts — nothing in the product knows). Token refreshes are counted the same way.
 */

const INIT_PATH = '/v2/post/publish/video/init/'
const TOKEN_PATH = '/v2/oauth/token/'

export interface Wire {
  /** When each video/init left and was answered, by the caption it carried (the bench's titles are unique). */
  inits: Map<string, { sentAt: number; answeredAt?: number }[]>
  /** When each token refresh left (the code exchanges of connecting are not counted). */
  tokenRequests: number[]
}

/** Wraps the global fetch, before the runtime makes its TikTok client, to note the inits and token requests. */
export function tapTiktokRequests(): Wire {
  const wire: Wire = { inits: new Map(), tokenRequests: [] }
  const realFetch = globalThis.fetch
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (url.includes(TOKEN_PATH) && String(init?.body).includes('refresh_token')) wire.tokenRequests.push(Date.now())
    if (!url.includes(INIT_PATH) || typeof init?.body !== 'string') return realFetch(input, init)
    const title = (JSON.parse(init.body) as { post_info?: { title?: string } }).post_info?.title ?? ''
    const entry: { sentAt: number; answeredAt?: number } = { sentAt: Date.now() }
    wire.inits.set(title, [...(wire.inits.get(title) ?? []), entry])
    try {
      const response = await realFetch(input, init)
      entry.answeredAt = Date.now()
      return response
    } catch (err) {
      entry.answeredAt = Date.now()
      throw err
    }
  }
  return wire
}

export interface PostTimeline {
  title: string
  /** Milliseconds after the due time; undefined when the step never happened. */
  claim?: number
  initSent?: number
  initReceived?: number
  initAnswered?: number
}

const STEPS = [
  ['due → claim', (t: PostTimeline) => t.claim],
  ['claim → init sent', (t: PostTimeline) => gap(t.claim, t.initSent)],
  ['init sent → TikTok got it', (t: PostTimeline) => gap(t.initSent, t.initReceived)],
  ['TikTok got it → answered', (t: PostTimeline) => gap(t.initReceived, t.initAnswered)],
  ['due → init (TikTok)', (t: PostTimeline) => t.initReceived],
] as const

function gap(from: number | undefined, to: number | undefined) {
  return from === undefined || to === undefined ? undefined : to - from
}

export const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!
export const seconds = (ms: number) => (Number.isNaN(ms) ? '—' : `${(ms / 1000).toFixed(2)} s`)

/** Each step's p50/p99/max over the posts, the slowest posts' whole timelines, and every post's in a CSV if asked. */
export function printTimeline(timelines: PostTimeline[], csvPath: string | undefined): void {
  console.log('timeline (after the due time; each step p50 · p99 · max)')
  for (const [label, pick] of STEPS) {
    const values = timelines.flatMap((t) => (pick(t) === undefined ? [] : [pick(t)!])).sort((a, b) => a - b)
    console.log(
      `  ${label.padEnd(26)} ${seconds(quantile(values, 0.5))} · ${seconds(quantile(values, 0.99))}` +
        ` · ${seconds(values.at(-1) ?? NaN)}`,
    )
  }
  const at = (ms: number | undefined) => (ms === undefined ? '—' : `+${(ms / 1000).toFixed(2)}`)
  const slowest = [...timelines].sort((a, b) => (b.initReceived ?? Infinity) - (a.initReceived ?? Infinity))
  console.log('  slowest posts: claim · init sent · TikTok got it · answered')
  for (const t of slowest.slice(0, 5)) {
    console.log(
      `    ${t.title.padEnd(16)} ${[t.claim, t.initSent, t.initReceived, t.initAnswered].map(at).join(' · ')}`,
    )
  }
  if (csvPath) {
    const rows = timelines.map((t) => [t.title, t.claim, t.initSent, t.initReceived, t.initAnswered].join(','))
    writeFileSync(csvPath, ['title,claim_ms,init_sent_ms,init_received_ms,init_answered_ms', ...rows].join('\n'))
    console.log(`  every post's timeline: ${csvPath}`)
  }
}
