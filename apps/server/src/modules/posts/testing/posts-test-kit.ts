import { execFile } from 'node:child_process'
import { copyFileSync, mkdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import type { ServerEvent } from '@hookpost/shared'
import { mediaFile } from '../../../db/schema'
import type { TestServer } from '../../../testing/test-runtime'
import { cookieHeader } from '../../../testing/test-runtime'
import type { TestSandbox } from '../../../testing/tiktok-sandbox'
import type { NewPost } from '../posts.service'

/**
 * Shared steps of the posts integration tests: a person signs up and connects a sandbox creator exactly as the
 * browser does, a real MP4 is made with ffmpeg, and the live event stream is read over a real socket.
 */

const json = { 'content-type': 'application/json' }

export function inject(
  server: TestServer,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  body?: unknown,
) {
  return server.runtime.http!.inject({
    method,
    url,
    headers: { ...(body === undefined ? {} : json), ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  })
}

let people = 0
export async function signUp(server: TestServer): Promise<{ cookie: string; userId: string }> {
  people++
  const password = 'correct horse 1'
  const res = await inject(server, 'POST', '/api/auth/sign-up', undefined, {
    email: `posts-${process.pid}-${people}-${Date.now()}@example.com`,
    password,
    confirmPassword: password,
    acceptTerms: true,
  })
  if (res.statusCode !== 200) throw new Error(`sign-up answered ${res.statusCode}: ${res.body}`)
  return { cookie: cookieHeader(res.headers['set-cookie']), userId: res.json<{ user: { id: string } }>().user.id }
}

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

/** A real 3-second H.264/AAC MP4 (9:16), as the media module would have stored it. */
export async function makeVideo(filePath: string, seconds = 3): Promise<void> {
  await promisify(execFile)('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=720x1280:rate=30`,
    '-f',
    'lavfi',
    '-i',
    'sine',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    filePath,
  ])
}

/** A validated upload as the media module leaves it: `video` copied under DATA_DIR/media, and its row. */
export async function storeMedia(server: TestServer, userId: string, video: string, durationMs = 3_000) {
  const id = crypto.randomUUID()
  const storageKey = `${userId}/${id}.mp4`
  const target = path.join(server.config.dataDir, 'media', storageKey)
  mkdirSync(path.dirname(target), { recursive: true })
  copyFileSync(video, target)
  await server.runtime.database.db.insert(mediaFile).values({
    id,
    userId,
    originalName: 'clip.mp4',
    storageKey,
    contentType: 'video/mp4',
    sizeBytes: statSync(target).size,
    durationMs,
    width: 720,
    height: 1280,
    fps: 30,
    videoCodec: 'h264',
    audioCodec: 'aac',
  })
  return id
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
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Reads GET /api/events over a real socket (the server must be listening) and collects the events. */
export async function openEventStream(baseUrl: string, cookie: string) {
  const controller = new AbortController()
  const res = await fetch(`${baseUrl}/api/events`, { headers: { cookie }, signal: controller.signal })
  const events: ServerEvent[] = []
  const raw: string[] = []
  const done = (async () => {
    if (!res.body) return
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true })
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          const message = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          raw.push(message)
          for (const line of message.split('\n')) {
            if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as ServerEvent)
          }
          end = buffer.indexOf('\n\n')
        }
      }
    } catch {
      // aborted by close()
    }
  })()
  return {
    status: res.status,
    headers: res.headers,
    events,
    raw,
    /** Resolves when the server ended the stream. */
    ended: done,
    close: () => controller.abort(),
  }
}
