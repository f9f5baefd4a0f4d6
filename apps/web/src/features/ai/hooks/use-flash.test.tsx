import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FEEDBACK_MS, useFlash } from './use-flash'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('useFlash', () => {
  it('marks an id for FEEDBACK_MS; a new mark restarts the time', () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useFlash())
    expect(result.current[0]).toBeNull()
    act(() => result.current[1]('a'))
    expect(result.current[0]).toBe('a')
    act(() => {
      vi.advanceTimersByTime(FEEDBACK_MS - 1)
    })
    act(() => result.current[1]('b'))
    act(() => {
      vi.advanceTimersByTime(FEEDBACK_MS - 1)
    })
    expect(result.current[0]).toBe('b')
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(result.current[0]).toBeNull()
  })

  it('leaves no timer behind when unmounted', () => {
    vi.useFakeTimers()
    const { result, unmount } = renderHook(() => useFlash())
    act(() => result.current[1]('a'))
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })
})
