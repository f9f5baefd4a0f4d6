import { describe, expect, it } from 'vitest'
import type { VideoUploadState } from '../../../lib/uploads/use-video-upload'
import { makeLibraryItem, makeMedia, videoFile } from '../testing/test-utils'
import { chosenVideos, fileOf, inFlight, type LocalSizes } from './chosen-videos'
import type { LibraryPick, VideoDraft } from './video-draft'

const idle: VideoUploadState = { phase: 'idle' }
const noSizes: LocalSizes = { video: null, demo: null }

function uploading(file: File): VideoUploadState {
  return { phase: 'uploading', fileName: file.name, file, sentBytes: 1, totalBytes: 2 }
}

function draft(overrides: Partial<Pick<VideoDraft, 'chosen' | 'layout'>> = {}) {
  return { chosen: { video: null, demo: null }, layout: 'sequence' as const, ...overrides }
}

describe('chosenVideos', () => {
  it('has nothing before a video is chosen', () => {
    expect(chosenVideos(draft(), { video: idle, demo: idle }, noSizes)).toEqual({
      hookPreview: null,
      demoPreview: null,
      combined: false,
      sourceMedia: null,
      demoMedia: null,
      hookSize: null,
      demoSize: null,
      fitApplies: false,
      cropAxis: null,
      videoMs: null,
    })
  })

  it('previews a local file by the browser’s size until the server has measured it', () => {
    const file = videoFile('wide.mp4')
    const browserSizes: LocalSizes = { video: { width: 1920, height: 1080 }, demo: null }
    const local = chosenVideos(draft(), { video: uploading(file), demo: idle }, browserSizes)
    expect(local.hookPreview).toEqual({ name: 'wide.mp4', file })
    expect(local.hookSize).toEqual({ width: 1920, height: 1080 })
    expect(local.fitApplies).toBe(true)
    expect(local.videoMs).toBeNull()

    const media = makeMedia({ width: 1080, height: 1920, durationMs: 4000 })
    const measured = chosenVideos(draft(), { video: { phase: 'ready', media, file }, demo: idle }, browserSizes)
    expect(measured.hookSize).toBe(media)
    expect(measured.sourceMedia).toBe(media)
    expect(measured.fitApplies).toBe(false)
    expect(measured.videoMs).toBe(4000)
  })

  it('plays a Library pick from its stored file and sends its media file', () => {
    const pick: LibraryPick = { item: makeLibraryItem({ title: 'Stock' }), media: makeMedia({ id: 'media-lib' }) }
    const videos = chosenVideos(draft({ chosen: { video: pick, demo: null } }), { video: idle, demo: idle }, noSizes)
    expect(videos.hookPreview).toEqual({ name: 'Stock', url: pick.item.videoUrl })
    expect(videos.sourceMedia).toBe(pick.media)
  })

  it('plays an upload of an earlier visit (brought back with the draft) from the server, by its name', () => {
    const media = makeMedia({
      id: 'media-up',
      originalName: 'earlier.mp4',
      durationMs: 6000,
      width: 1920,
      height: 1080,
    })
    const videos = chosenVideos(
      draft({ chosen: { video: { media, item: null }, demo: null } }),
      { video: idle, demo: idle },
      noSizes,
    )
    expect(videos.hookPreview).toEqual({ name: 'earlier.mp4', url: '/api/media/media-up/file' })
    expect(videos.sourceMedia).toBe(media)
    expect(videos.hookSize).toBe(media)
    expect(videos.fitApplies).toBe(true)
    expect(videos.videoMs).toBe(6000)
  })

  it('is hook + demo with both: a sequence lasts both videos, side by side the longer; the fit only in sequence', () => {
    const hook = makeMedia({ id: 'h', durationMs: 3000, width: 1920, height: 1080 })
    const demo = makeMedia({ id: 'd', durationMs: 5000 })
    const uploads = {
      video: { phase: 'ready', media: hook, file: videoFile('hook.mp4') },
      demo: { phase: 'ready', media: demo, file: videoFile('demo.mp4') },
    } as const
    const sequence = chosenVideos(draft(), uploads, noSizes)
    expect(sequence.combined).toBe(true)
    expect(sequence.videoMs).toBe(8000)
    expect(sequence.fitApplies).toBe(true)
    const split = chosenVideos(draft({ layout: 'split' }), uploads, noSizes)
    expect(split.videoMs).toBe(5000)
    expect(split.fitApplies).toBe(false)
  })
})

describe('an upload’s file and whether it is on its way', () => {
  it('has a file from the moment it is chosen until it fails', () => {
    const file = videoFile()
    expect(fileOf(idle)).toBeNull()
    expect(fileOf({ phase: 'failed', fileName: 'x', message: 'no' })).toBeNull()
    expect(fileOf({ phase: 'inspecting', fileName: 'x', file })).toBe(file)
    expect(fileOf(uploading(file))).toBe(file)
    expect(inFlight({ phase: 'checking', fileName: 'x', file })).toBe(true)
    expect(inFlight({ phase: 'ready', media: makeMedia(), file })).toBe(false)
    expect(inFlight(idle)).toBe(false)
  })
})
