import { describe, expect, it } from 'vitest'
import { createLimiter } from './limiter'

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('createLimiter', () => {
  it('lets `capacity` in at once and the rest in arrival order as places free', async () => {
    const limiter = createLimiter(2)
    const order: number[] = []
    const releases = await Promise.all([limiter.acquire(), limiter.acquire()])
    const later = [3, 4].map((n) => limiter.acquire().then((release) => (order.push(n), release)))
    await tick()
    expect([limiter.held, limiter.waiting, order]).toEqual([2, 2, []])
    releases[0]?.()
    await tick()
    expect(order).toEqual([3])
    releases[0]?.() // a second call does nothing
    await tick()
    expect([limiter.held, limiter.waiting]).toEqual([2, 1])
    releases[1]?.()
    const [third, fourth] = await Promise.all(later)
    expect(order).toEqual([3, 4])
    third?.()
    fourth?.()
    expect([limiter.held, limiter.waiting]).toEqual([0, 0])
  })

  it('whenNoneWaiting resolves once the queue is empty, not when places are merely held', async () => {
    const limiter = createLimiter(1)
    await expect(Promise.race([limiter.whenNoneWaiting().then(() => 'idle'), tick().then(() => 'busy')])).resolves.toBe(
      'idle',
    )
    const first = await limiter.acquire()
    const second = limiter.acquire()
    let idle = false
    void limiter.whenNoneWaiting().then(() => (idle = true))
    await tick()
    expect(idle).toBe(false)
    first()
    const release = await second
    await tick()
    expect(idle).toBe(true)
    expect(limiter.held).toBe(1)
    release()
  })

  it('refuses a capacity below one', () => {
    expect(() => createLimiter(0)).toThrow(RangeError)
  })
})
