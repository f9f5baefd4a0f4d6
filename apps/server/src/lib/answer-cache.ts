import type { FastifyReply, FastifyRequest } from 'fastify'
import { chooseEncoding, compressBoth, COMPRESSION_THRESHOLD_BYTES } from './answer-encoding'
import type { PostsChangedFeed } from './events'
import { ifNoneMatchMatches, jsonEtag } from './weak-etag'

/**
 * A person's JSON answers kept ready to send (ADR 053): the JSON once, its brotli and gzip forms and its weak ETag,
 * per user and key (route + range). A repeated read costs no query, no serialisation and no compression — only a map
 * lookup and a write of the bytes. Each user's answers hang on a data version in this process; the database announces
 * every write to the rows they are made of (trigger → NOTIFY `hookpost_posts`, the `feed`), which bumps the version and
 * drops the user's answers. No query per read checks anything: the feed is the only way answers go stale, so while it
 * is not listening (PostgreSQL's LISTEN connection dropped) nothing is cached, and when it may have missed something
 * (`reset`) everything is dropped.
 */
export interface AnswerCache {
  /**
   * Sends `userId`'s answer for `key`: the kept one, or `produce()`'s (kept for next time if no write was announced
   * while it was made). Honours Accept-Encoding and If-None-Match as the HTTP layer does for other answers (ADR 025).
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    key: string,
    produce: () => Promise<unknown>,
  ): Promise<FastifyReply>
  /** For tests and the bench: how many answers are kept, and how reads went since start. */
  stats(): { entries: number; bytes: number; hits: number; misses: number }
  close(): void
}

interface Answer {
  json: Buffer
  br: Buffer | null
  gzip: Buffer | null
  etag: string
  bytes: number
}

/** Bounds on what one process keeps: a month's slim answer is ~40 KB of JSON and ~6 KB compressed. */
export const ANSWER_CACHE_LIMITS = { entries: 5_000, bytes: 64 * 1024 * 1024 }

export function createAnswerCache(feed: PostsChangedFeed, limits = ANSWER_CACHE_LIMITS): AnswerCache {
  /** Per user: the version (bumped by every announced write) and the keys kept under it. */
  const users = new Map<string, { version: number; keys: Set<string> }>()
  /** Every kept answer by `userId \0 key`, least recently used first (a Map keeps insertion order). */
  const answers = new Map<string, Answer>()
  /** Answers being made, so concurrent misses of one key share one query. */
  const making = new Map<string, { version: number; answer: Promise<Answer> }>()
  let bytes = 0
  let hits = 0
  let misses = 0

  const slot = (userId: string) => {
    let user = users.get(userId)
    if (!user) {
      user = { version: 0, keys: new Set() }
      users.set(userId, user)
    }
    return user
  }

  const drop = (id: string) => {
    const answer = answers.get(id)
    if (!answer) return
    answers.delete(id)
    bytes -= answer.bytes
  }

  const forgetUser = (userId: string) => {
    const user = users.get(userId)
    if (!user) return
    user.version++
    for (const key of user.keys) drop(`${userId}\0${key}`)
    user.keys.clear()
  }

  const forgetAll = () => {
    for (const user of users.values()) {
      user.version++
      user.keys.clear()
    }
    answers.clear()
    bytes = 0
  }

  const keep = (userId: string, key: string, answer: Answer) => {
    const id = `${userId}\0${key}`
    drop(id)
    answers.set(id, answer)
    slot(userId).keys.add(key)
    bytes += answer.bytes
    for (const [oldest] of answers) {
      if (answers.size <= limits.entries && bytes <= limits.bytes) break
      drop(oldest)
      const [owner, ...rest] = oldest.split('\0')
      users.get(owner!)?.keys.delete(rest.join('\0'))
    }
  }

  const unsubscribe = feed.subscribe(forgetUser)
  const unReset = feed.onReset(forgetAll)

  async function make(value: unknown): Promise<Answer> {
    const json = Buffer.from(JSON.stringify(value))
    const compressed = json.length >= COMPRESSION_THRESHOLD_BYTES ? await compressBoth(json) : null
    const br = compressed?.br ?? null
    const gzip = compressed?.gzip ?? null
    return { json, br, gzip, etag: jsonEtag(json), bytes: json.length + (br?.length ?? 0) + (gzip?.length ?? 0) }
  }

  async function answerFor(userId: string, key: string, produce: () => Promise<unknown>): Promise<Answer> {
    const id = `${userId}\0${key}`
    const kept = feed.listening ? answers.get(id) : undefined
    if (kept) {
      hits++
      // Most recently used goes last.
      answers.delete(id)
      answers.set(id, kept)
      return kept
    }
    misses++
    const version = slot(userId).version
    const pending = making.get(id)
    if (pending && pending.version === version) return pending.answer
    const answer = produce().then(make)
    making.set(id, { version, answer })
    try {
      const made = await answer
      // A write announced while this was made may not be in it: send it (it was true when read), keep it not.
      if (feed.listening && slot(userId).version === version) keep(userId, key, made)
      return made
    } finally {
      if (making.get(id)?.answer === answer) making.delete(id)
    }
  }

  return {
    async send(request, reply, userId, key, produce) {
      const answer = await answerFor(userId, key, produce)
      reply.header('etag', answer.etag).header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding')
      if (ifNoneMatchMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send()
      const encoding = answer.br && answer.gzip ? chooseEncoding(request.headers['accept-encoding']) : 'identity'
      const body = encoding === 'br' ? answer.br! : encoding === 'gzip' ? answer.gzip! : answer.json
      if (encoding !== 'identity') reply.header('content-encoding', encoding)
      return reply.type('application/json; charset=utf-8').send(body)
    },
    stats: () => ({ entries: answers.size, bytes, hits, misses }),
    close() {
      unsubscribe()
      unReset()
      forgetAll()
      users.clear()
    },
  }
}
