import type { Page } from '@playwright/test'
import type { Post } from '@hookpost/shared/posts'
import { expect } from './fixtures'

/** Posts the analytics specs publish through the TikTok sandbox, whose Display API then reports their figures. */

/**
 * A public post (the Display API reports only public videos), due tomorrow: the test then posts it now (`postNow`),
 * and the same engine publishes it at once, so no journey waits for a whole minute to come round (issue 31 item 7;
 * leaving at its time is what calendar.spec.ts and the publishing int tests check).
 */
export async function schedulePublic(page: Page, accountId: string, mediaId: string, title: string): Promise<Post> {
  const due = new Date(Date.now() + 86_400_000)
  const res = await page.request.post('/api/posts', {
    data: {
      accountId,
      mediaId,
      title,
      description: 'Made by the analytics e2e test',
      privacyLevel: 'PUBLIC_TO_EVERYONE',
      allowComment: true,
      allowDuet: false,
      allowStitch: false,
      date: due.toISOString().slice(0, 10),
      time: due.toISOString().slice(11, 16),
      timeZone: 'UTC',
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { post: Post }).post
}

export async function waitUntilUploaded(page: Page, ids: string[]) {
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/posts')
        const { posts } = (await res.json()) as { posts: Post[] }
        return ids.map((id) => posts.find((p) => p.id === id)?.state)
      },
      { timeout: 170_000, intervals: [2_000] },
    )
    .toEqual(ids.map(() => 'uploaded'))
  // Stats are read for posts TikTok has given their public id, which can come a little after the upload is done.
  await expect
    .poll(
      async () =>
        Promise.all(
          ids.map(async (id) => {
            const res = await page.request.get(`/api/posts/${id}`)
            return ((await res.json()) as { post: Post }).post.tiktokPostId !== null
          }),
        ),
      { timeout: 60_000, intervals: [1_000] },
    )
    .toEqual(ids.map(() => true))
}
