import { describe, expect, it } from 'vitest'
import { MESSAGES, UPLOAD_LIMITS } from '@hookpost/shared'
import { createUploadAdmission, planAdmission, UPLOAD_QUOTA, type UploadQuota } from './upload-admission'
import type { HeldUpload } from './upload-store'

const MB = 1024 * 1024
const now = new Date('2026-05-01T12:00:00Z')
const minutesAgo = (n: number) => new Date(now.getTime() - n * 60_000)
const quota: UploadQuota = { concurrent: 3, bytesInFlight: 1000 * MB, maxFileBytes: 500 * MB, idleAfterMs: 3_600_000 }
const upload = (id: string, sizeMb: number | undefined, idleMinutes = 0): HeldUpload => ({
  id,
  size: sizeMb === undefined ? undefined : sizeMb * MB,
  lastActivityAt: minutesAgo(idleMinutes),
})

describe('admitting an upload', () => {
  it('says the figures it enforces', () => {
    expect(UPLOAD_QUOTA).toMatchObject({ concurrent: 5, bytesInFlight: 1000 * MB })
    expect(MESSAGES.tooManyUploads).toContain(`${UPLOAD_LIMITS.concurrent} uploads`)
    expect(UPLOAD_LIMITS.bytesInFlight).toBe(1000 * MB)
    expect(MESSAGES.tooManyUploadBytes).toContain('1,000 MB')
  })

  it('admits within both caps, and refuses the upload one over each with its own reason', () => {
    expect(planAdmission([upload('a', 100), upload('b', 100)], 100 * MB, quota, now)).toEqual({ ok: true, reclaim: [] })
    expect(planAdmission([upload('a', 1), upload('b', 1), upload('c', 1)], MB, quota, now)).toEqual({
      ok: false,
      message: MESSAGES.tooManyUploads,
    })
    expect(planAdmission([upload('a', 500)], 500 * MB, quota, now)).toMatchObject({ ok: true })
    expect(planAdmission([upload('a', 500)], 500 * MB + 1, quota, now)).toEqual({
      ok: false,
      message: MESSAGES.tooManyUploadBytes,
    })
  })

  it('counts a deferred length as the largest file', () => {
    expect(planAdmission([upload('a', undefined)], 500 * MB + 1, quota, now)).toMatchObject({ ok: false })
    expect(planAdmission([upload('a', 600)], undefined, quota, now)).toMatchObject({ ok: false })
  })

  it('gives up only as many idle uploads as needed, the longest idle first; busy ones never', () => {
    const held = [upload('busy', 1, 5), upload('idle-2h', 1, 120), upload('idle-3h', 1, 180)]
    expect(planAdmission(held, MB, quota, now)).toEqual({ ok: true, reclaim: ['idle-3h'] })
    const busy = [upload('a', 1, 59), upload('b', 1, 30), upload('c', 1, 0)]
    expect(planAdmission(busy, MB, quota, now)).toEqual({ ok: false, message: MESSAGES.tooManyUploads })
  })
})

describe('the admission over the store', () => {
  it('reserves what it admitted until released, so parallel requests cannot share the last slot', async () => {
    const onDisk: HeldUpload[] = [upload('a', 1), upload('b', 1)]
    const removed: string[] = []
    const admission = createUploadAdmission({
      store: {
        heldBy: async () => onDisk.filter((u) => !removed.includes(u.id)),
        remove: async (id) => void removed.push(id),
      },
      clock: () => now,
      log: { info: () => undefined },
      storageRoom: async () => null,
      quota,
    })
    const results = await Promise.all([admission.admit('u1', 'c', MB), admission.admit('u1', 'd', MB)])
    expect(results.map((r) => r.ok)).toEqual([true, false])
    // Another user is counted apart.
    expect((await admission.admit('u2', 'x', MB)).ok).toBe(true)
    // Once created, 'c' is on disk; its reservation is released and it is counted once.
    onDisk.push(upload('c', 1))
    admission.release('u1', 'c')
    expect((await admission.admit('u1', 'e', MB)).ok).toBe(false)
    removed.push('a')
    expect((await admission.admit('u1', 'e', MB)).ok).toBe(true)
  })

  it('deletes the idle uploads it gives up', async () => {
    const removed: string[] = []
    const admission = createUploadAdmission({
      store: {
        heldBy: async () => [upload('a', 1, 90), upload('b', 1), upload('c', 1)],
        remove: async (id) => void removed.push(id),
      },
      clock: () => now,
      log: { info: () => undefined },
      storageRoom: async () => null,
      quota,
    })
    expect(await admission.admit('u1', 'd', MB)).toEqual({ ok: true, reclaim: ['a'] })
    expect(removed).toEqual(['a'])
  })

  it('asks the plan storage about everything in flight (a deferred length: the largest file) and reserves nothing it refused', async () => {
    const asked: number[] = []
    let room = 600 * MB
    const admission = createUploadAdmission({
      store: { heldBy: async () => [upload('a', 100), upload('b', 2, 90)], remove: async () => undefined },
      clock: () => now,
      log: { info: () => undefined },
      storageRoom: async (_owner, incoming) => {
        asked.push(incoming)
        return incoming > room ? 'storage is full' : null
      },
      quota,
    })
    expect(await admission.admit('u1', 'c', undefined)).toEqual({
      ok: false,
      message: 'storage is full',
      refusal: 'storage',
    })
    expect(asked).toEqual([602 * MB])
    room = 1000 * MB
    // The refused 'c' holds no room: the next one is judged on the disk alone.
    expect(await admission.admit('u1', 'd', 10 * MB)).toEqual({ ok: true, reclaim: [] })
    expect(asked).toEqual([602 * MB, 112 * MB])
  })
})
