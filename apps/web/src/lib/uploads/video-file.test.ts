import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import { checkVideoFile } from './video-file'

const MB = 1024 * 1024

describe('checkVideoFile (product.md §5: mp4, mov, webm, ≤ 500 MB)', () => {
  it.each([
    ['clip.mp4', 'video/mp4', 10 * MB, null],
    ['clip.mov', 'video/quicktime', 10 * MB, null],
    ['clip.webm', 'video/webm', 10 * MB, null],
    ['clip.MOV', '', 10 * MB, null],
    ['exactly.mp4', 'video/mp4', 500 * MB, null],
    ['huge.mp4', 'video/mp4', 500 * MB + 1, MESSAGES.fileTooLarge],
    ['notes.txt', 'text/plain', 100, MESSAGES.notAVideo],
    ['movie.mkv', 'video/x-matroska', 10 * MB, MESSAGES.notAVideo],
    ['empty.mp4', 'video/mp4', 0, MESSAGES.videoUnreadable],
    // The bytes decide on the server: a text file renamed to .mp4 passes here.
    ['renamed.mp4', 'video/mp4', 100, null],
  ])('%s (%s, %d bytes) → %s', (name, type, size, expected) => {
    expect(checkVideoFile({ name, type, size })).toBe(expected)
  })
})
