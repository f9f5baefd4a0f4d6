import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { calendarPostListSchema, postSchema, type Post } from '@hookpost/shared'
import { post } from '../../db/schema'
import { inject } from '../../testing/http-test-kit'
import { usePostsServer } from '../publishing/testing/publishing-int-context'

/**
 * Issue 20's measure: the month calendar of a user with 2,000 posts, as the slim `CalendarPost` list now, against the
 * whole `Post`s it used to send (each read with GET /api/posts/:id, which still answers the whole post). Prints the
 * figures: `npx vitest run --project int apps/server/src/modules/posts/posts-calendar-size.int.test.ts`.
 */
const { world, db, person } = usePostsServer()

const COUNT = 2_000
const CAPTION =
  'Three things I do before 7 every morning, and why the second one changed my week. Save this for later and tell ' +
  'me yours in the comments #morningroutine #productivity #habits #dayinmylife #fyp @friend'

describe('the month calendar of a user with 2,000 posts', () => {
  it('is a fraction of the size it was', async () => {
    const me = await person()
    // A month ahead, from tomorrow: 2,000 posts, about 65 a day.
    const start = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1)
    const end = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 2, 1)
    const step = Math.floor((end - start) / COUNT)
    await db()
      .insert(post)
      .values(
        Array.from({ length: COUNT }, (_, i) => ({
          userId: me.userId,
          accountId: me.accountId,
          mediaId: me.mediaId,
          title: `Morning routine, part ${i + 1}`,
          description: CAPTION,
          privacyLevel: 'PUBLIC_TO_EVERYONE' as const,
          disableComment: false,
          disableDuet: true,
          disableStitch: false,
          scheduledAt: new Date(start + i * step),
          timeZone: 'Europe/Berlin',
        })),
      )

    const url = `/api/posts?from=${new Date(start).toISOString()}&to=${new Date(end).toISOString()}`
    const times: number[] = []
    let body = ''
    for (let i = 0; i < 10; i++) {
      const began = performance.now()
      const res = await inject(world.server, 'GET', url, me.cookie)
      times.push(performance.now() - began)
      expect(res.statusCode).toBe(200)
      body = res.body
    }
    const slim = calendarPostListSchema.parse(JSON.parse(body)).posts
    expect(slim).toHaveLength(COUNT)

    // What the calendar used to answer: the whole post, for each of them.
    const whole: Post[] = []
    for (const p of slim) {
      const res = await inject(world.server, 'GET', `/api/posts/${p.id}`, me.cookie)
      whole.push(postSchema.parse(res.json().post))
    }
    const before = Buffer.byteLength(JSON.stringify({ posts: whole }))
    const after = Buffer.byteLength(body)
    // What gzip (issue 20's compression, another change) would make of each, for scale.
    const gzipped = (text: string) => gzipSync(text).byteLength
    times.sort((a, b) => a - b)
    console.log(
      `[issue 20] month calendar, ${COUNT} posts (${world.server.kind}): whole Posts ${before} bytes, ` +
        `CalendarPost ${after} bytes (${((after / before) * 100).toFixed(1)}%); gzipped ` +
        `${gzipped(JSON.stringify({ posts: whole }))} → ${gzipped(body)} bytes; ` +
        `inject p50 ${times[5]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (10 requests)`,
    )
    expect(after).toBeLessThan(before / 2)
  }, 180_000)
})
