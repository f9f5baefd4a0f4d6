import type { TestServer } from '../../../testing/test-runtime'
import { inject } from '../../../testing/http-test-kit'
import type { TestSandbox } from '../../../testing/tiktok-sandbox'

/**
 * Steps of the posts integration tests: a person connects a sandbox creator exactly as the browser does, and what the
 * sandbox received is read back. Requests, sign-up and the event stream are in testing/http-test-kit.ts; real videos
 * in testing/media-fixtures.ts.
 */

/** Connect → the sandbox's authorize page → callback, as the browser drives it. Returns the account id. */
export async function connectCreator(server: TestServer, sandbox: TestSandbox, cookie: string, openId: string) {
  const start = await inject(server, 'POST', '/api/tiktok/connect', cookie, {})
  const callback = await sandbox.decide(start.json<{ authorizeUrl: string }>().authorizeUrl, openId)
  const res = await inject(server, 'POST', '/api/tiktok/callback', cookie, {
    code: callback.searchParams.get('code'),
    state: callback.searchParams.get('state'),
  })
  if (res.statusCode !== 200) throw new Error(`connecting answered ${res.statusCode}: ${res.body}`)
  return res.json<{ account: { id: string } }>().account.id
}

export type SandboxVideo = {
  publish_id: string
  status: string
  title: string
  privacy_level: string
  disable_comment: boolean
  disable_duet: boolean
  disable_stitch: boolean
  brand_content_toggle: boolean
  brand_organic_toggle: boolean
  is_aigc: boolean
  received_bytes: number
  video_size: number
  public_post_ids: string[]
}

/** Every publish the sandbox holds for this creator (newest first). */
export async function sandboxVideos(sandbox: TestSandbox, openId: string): Promise<SandboxVideo[]> {
  const res = await sandbox.admin('GET', `/sandbox/admin/creators/${openId}/videos`)
  if (res.status !== 200) throw new Error(`listing videos answered ${res.status}`)
  return (res.body as { videos: SandboxVideo[] }).videos
}

/**
 * A post as the running server's posts service schedules it (`scheduleAt`): the publishing tests make their posts
 * through the whole server, never through the posts module itself.
 */
type NewPost = Parameters<TestServer['runtime']['posts']['scheduleAt']>[1]

export function postInput(input: Pick<NewPost, 'accountId' | 'mediaId' | 'scheduledAt'> & Partial<NewPost>): NewPost {
  return {
    title: 'Morning routine',
    description: 'Three things I do before 7 #routine @friend',
    privacyLevel: 'SELF_ONLY',
    allowComment: true,
    allowDuet: false,
    allowStitch: true,
    commercial: { enabled: false, yourBrand: false, brandedContent: false },
    timeZone: 'Europe/Berlin',
    ...input,
  }
}

export const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000)
