import { describe, expect, it } from 'vitest'
import { createdVideoSchema, MESSAGES } from '@hookpost/shared'
import { toCreatedVideoDto } from './video-dto'
import type { VideoView } from './videos.repository'

const at = new Date('2026-11-22T10:00:00Z')

function view(overrides: Partial<VideoView> = {}): VideoView {
  return {
    id: '7d0b8a2e-3f5c-4b8e-9a41-2c6f0e5d9b13',
    userId: 'user-1',
    title: 'Launch day',
    description: 'We are live',
    layout: 'single',
    fit: 'blur',
    cropFocus: 50,
    textOverlays: [
      {
        id: 'o1',
        text: 'Wait for it',
        position: 'top',
        color: '#ffffff',
        fontSize: 48,
        fontWeight: 'bold',
        target: 'both',
      },
    ],
    sourceMediaId: 'source-1',
    demoMediaId: null,
    state: 'queued',
    progress: 0,
    errorMessage: null,
    attempts: 0,
    outputMediaId: null,
    thumbnailKey: null,
    thumbnailSizeBytes: null,
    processedAt: null,
    renderAfter: null,
    claimedAt: null,
    createdAt: at,
    updatedAt: at,
    source: { mediaId: 'source-1', originalName: 'hook.mp4' },
    demo: null,
    output: null,
    ...overrides,
  }
}

describe('the created video DTO', () => {
  it('reads overlays stored before ADR 031 (version 1) as version 2, valid for the API', () => {
    const dto = toCreatedVideoDto(view())
    expect(dto.textOverlays).toEqual([
      {
        version: 2,
        id: 'o1',
        text: 'Wait for it',
        position: 'top',
        anchor: null,
        color: '#ffffff',
        // Version 1's X-Large (48 px) is version 2's X-Large.
        fontSize: 120,
        fontWeight: 'bold',
        style: 'outline',
        target: 'both',
        startMs: null,
        endMs: null,
      },
    ])
    expect(createdVideoSchema.safeParse(dto).success).toBe(true)
  })

  it('has no file URLs and is not processed until rendered', () => {
    const dto = toCreatedVideoDto(view({ state: 'rendering', progress: 42.4, attempts: 1 }))
    expect(createdVideoSchema.parse(dto)).toEqual(dto)
    expect(dto).toMatchObject({
      state: 'rendering',
      progress: 42,
      processed: false,
      processedAt: null,
      outputMediaId: null,
      processedVideoUrl: null,
      downloadUrl: null,
      thumbnailUrl: null,
      durationMs: null,
      errorMessage: null,
      source: { mediaId: 'source-1', originalName: 'hook.mp4' },
      demo: null,
      createdAt: '2026-11-22T10:00:00.000Z',
    })
  })

  it('gives the same-origin file, download and thumbnail paths once processed', () => {
    const dto = toCreatedVideoDto(
      view({
        state: 'processed',
        progress: 100,
        outputMediaId: 'output-1',
        thumbnailKey: 'user-1/output-1.jpg',
        processedAt: at,
        output: { storageKey: 'user-1/output-1.mp4', durationMs: 3_000, sizeBytes: 1234 },
      }),
    )
    expect(createdVideoSchema.parse(dto)).toEqual(dto)
    expect(dto).toMatchObject({
      processed: true,
      processedAt: '2026-11-22T10:00:00.000Z',
      outputMediaId: 'output-1',
      processedVideoUrl: '/api/videos/7d0b8a2e-3f5c-4b8e-9a41-2c6f0e5d9b13/file',
      downloadUrl: '/api/videos/7d0b8a2e-3f5c-4b8e-9a41-2c6f0e5d9b13/download',
      thumbnailUrl: '/api/videos/7d0b8a2e-3f5c-4b8e-9a41-2c6f0e5d9b13/thumbnail',
      durationMs: 3_000,
    })
  })

  it('never says processed without a rendered output file', () => {
    const dto = toCreatedVideoDto(view({ state: 'processed', outputMediaId: null, output: null, processedAt: at }))
    expect(dto.processed).toBe(false)
    expect(dto.processedVideoUrl).toBeNull()
    expect(dto.outputMediaId).toBeNull()
  })

  it('shows the reason only when failed (a retry in between keeps it to itself)', () => {
    expect(toCreatedVideoDto(view({ state: 'queued', errorMessage: 'ffmpeg was killed' })).errorMessage).toBeNull()
    expect(toCreatedVideoDto(view({ state: 'failed', errorMessage: 'The source is damaged' })).errorMessage).toBe(
      'The source is damaged',
    )
    expect(toCreatedVideoDto(view({ state: 'failed', errorMessage: null })).errorMessage).toBe(MESSAGES.renderFailed)
  })
})
