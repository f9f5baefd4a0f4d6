import { describe, expect, it } from 'vitest'
import { STUDIO_MESSAGES } from './messages'
import { portraitCheck } from './video-dimensions'

const file = new File(['0'], 'clip.mp4', { type: 'video/mp4' })
const check = (size: { width: number; height: number } | null) => portraitCheck(() => Promise.resolve(size))(file)

describe('portraitCheck (spec §5: width/height within 0.05 of 9:16)', () => {
  it.each([
    [1080, 1920, null],
    [720, 1280, null],
    [1000, 1920, null],
    [1170, 1920, null],
    [1920, 1080, STUDIO_MESSAGES.notPortrait],
    [1080, 1080, STUDIO_MESSAGES.notPortrait],
    [900, 1920, STUDIO_MESSAGES.notPortrait],
    [1200, 1920, STUDIO_MESSAGES.notPortrait],
  ])('%d×%d → %s', async (width, height, expected) => {
    expect(await check({ width, height })).toBe(expected)
  })

  it('lets a file the browser cannot read through (the server measures it)', async () => {
    expect(await check(null)).toBeNull()
  })
})
