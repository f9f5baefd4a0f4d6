import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { vi } from 'vitest'
import type { CreatorInfo, MediaFile } from '@hookpost/shared/posts'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { UploadCancelledError, type VideoUploader } from '../api/upload-video'

export type ApiCall = { method: string; path: string; body: unknown }
export type ApiReply = { status: number; body?: unknown }

/** Replaces `fetch` with `handler`, and records every call (method, path, parsed JSON body). */
export function mockApi(handler: (call: ApiCall) => ApiReply | Promise<ApiReply>) {
  const calls: ApiCall[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost')
      const raw = init?.body
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : undefined,
      }
      calls.push(call)
      const reply = await handler(call)
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  return calls
}

export const notFound: ApiReply = { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } }

export function renderWithQueryClient(element: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const result = render(<QueryClientProvider client={queryClient}>{element}</QueryClientProvider>)
  return { ...result, queryClient }
}

export function makeAccount(overrides: Partial<TiktokAccount> = {}): TiktokAccount {
  return {
    id: 'acc-1',
    accountName: 'Ana Cooks',
    accountUsername: 'anacooks',
    avatarUrl: null,
    status: 'active',
    sandbox: true,
    targetAudience: '',
    niche: '',
    appGoals: '',
    timeZone: null,
    scopes: ['user.info.basic', 'video.publish'],
    connectedAt: '2026-01-02T10:00:00.000Z',
    createdAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  }
}

export function makeCreatorInfo(overrides: Partial<CreatorInfo> = {}): CreatorInfo {
  return {
    nickname: 'Ana on TikTok',
    username: 'anacooks',
    avatarUrl: null,
    privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
    commentDisabled: false,
    duetDisabled: false,
    stitchDisabled: false,
    maxVideoPostDurationSec: 600,
    cannotPostReason: null,
    ...overrides,
  }
}

export function makeMedia(overrides: Partial<MediaFile> = {}): MediaFile {
  return {
    id: 'media-1',
    originalName: 'clip.mp4',
    contentType: 'video/mp4',
    sizeBytes: 5 * 1024 * 1024,
    durationMs: 3_000,
    width: 540,
    height: 960,
    fps: 30,
    createdAt: '2027-01-10T12:00:00.000Z',
    ...overrides,
  }
}

/** A video file of `size` bytes without allocating them (jsdom would hold 500 MB otherwise). */
export function videoFile(name = 'clip.mp4', { size = 1024, type = 'video/mp4' } = {}): File {
  const file = new File(['0'], name, { type })
  Object.defineProperty(file, 'size', { value: size })
  return file
}

type FakeUpload = {
  file: File
  progress: (sentBytes: number, totalBytes: number) => void
  finish: (uploadId: string) => void
  fail: (error: Error) => void
  cancelled: boolean
}

/** An uploader the test drives by hand: report progress, finish with an upload id, or fail. */
export function fakeUploader() {
  const uploads: FakeUpload[] = []
  const uploader: VideoUploader = (file, onProgress) => {
    let finish: (id: string) => void = () => {}
    let fail: (error: Error) => void = () => {}
    const done = new Promise<string>((resolve, reject) => {
      finish = resolve
      fail = reject
    })
    const upload: FakeUpload = { file, progress: onProgress, finish, fail, cancelled: false }
    uploads.push(upload)
    return {
      done,
      cancel: () => {
        upload.cancelled = true
        fail(new UploadCancelledError())
      },
    }
  }
  return { uploader, uploads }
}
