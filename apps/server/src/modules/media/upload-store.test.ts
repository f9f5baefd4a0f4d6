import { Upload } from '@tus/server'
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { createUploadStore, newUploadId, OWNER_METADATA_KEY, type UploadStore } from './upload-store'

// @tus/file-store creates its folder asynchronously from its constructor (and throws if that fails): removing a
// folder right after a test could race it, so everything goes at the end.
const root = mkdtempSync(path.join(tmpdir(), 'upload-store-'))
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 100))
  rmSync(root, { recursive: true, force: true })
})

let dir: string
let store: UploadStore
beforeEach(() => {
  dir = mkdtempSync(path.join(root, 'case-'))
  store = createUploadStore({ directory: dir })
})

const HOUR = 60 * 60 * 1000

/** What tus does for POST + PATCH: a record and the bytes received so far. */
async function upload(opts: { size: number; sent: number; owner?: string; createdAt?: Date }) {
  const id = newUploadId()
  await store.datastore.create(
    new Upload({
      id,
      size: opts.size,
      offset: 0,
      metadata: { filename: 'clip.mp4', filetype: 'video/mp4', [OWNER_METADATA_KEY]: opts.owner ?? 'user-1' },
      creation_date: (opts.createdAt ?? new Date()).toISOString(),
    }),
  )
  if (opts.sent > 0) await store.datastore.write(Readable.from([Buffer.alloc(opts.sent, 1)]), id, 0)
  return id
}

describe('upload store', () => {
  it('tells who owns an upload and whether it is complete', async () => {
    const half = await upload({ size: 10, sent: 5 })
    const full = await upload({ size: 10, sent: 10, owner: 'user-2' })
    expect(await store.find(half)).toMatchObject({
      ownerId: 'user-1',
      filename: 'clip.mp4',
      offset: 5,
      complete: false,
    })
    expect(await store.find(full)).toMatchObject({ ownerId: 'user-2', offset: 10, complete: true })
    expect(await store.find(newUploadId())).toBeUndefined()
    expect(await store.find('../../etc/passwd')).toBeUndefined()
  })

  it('lets only one finalise claim an upload; release puts it back, discard removes it', async () => {
    const id = await upload({ size: 10, sent: 10 })
    const claim = await store.claim(id)
    expect(claim).toBeDefined()
    expect(await store.claim(id)).toBeUndefined()
    // While claimed, tus sees no bytes: HEAD/PATCH cannot touch it.
    expect(await store.find(id)).toBeUndefined()
    await claim!.release()
    expect(await store.find(id)).toMatchObject({ complete: true })
    const again = await store.claim(id)
    await again!.discard()
    expect(readdirSync(dir).filter((n) => n !== '.claimed')).toEqual([])
    expect(readdirSync(path.join(dir, '.claimed'))).toEqual([])
  })

  it("removes every upload of one owner (a deleted account), claimed or not, and nobody else's", async () => {
    const mine = await upload({ size: 10, sent: 4, owner: 'leaving' })
    const mineDone = await upload({ size: 10, sent: 10, owner: 'leaving' })
    const mineClaimed = await upload({ size: 10, sent: 10, owner: 'leaving' })
    const theirs = await upload({ size: 10, sent: 4, owner: 'staying' })
    expect(await store.claim(mineClaimed)).toBeDefined()
    expect(await store.removeOwnedBy('leaving')).toBe(3)
    for (const id of [mine, mineDone, mineClaimed]) expect(await store.find(id)).toBeUndefined()
    expect(
      readdirSync(dir)
        .filter((n) => n !== '.claimed')
        .sort(),
    ).toEqual([theirs, `${theirs}.json`].sort())
    expect(readdirSync(path.join(dir, '.claimed'))).toEqual([])
    expect(await store.find(theirs)).toMatchObject({ ownerId: 'staying', offset: 4 })
  })

  it('sweeps uploads older than 24 hours, finished or not, and keeps younger ones', async () => {
    const now = new Date()
    const old = await upload({ size: 10, sent: 3, createdAt: new Date(now.getTime() - 25 * HOUR) })
    const oldFinished = await upload({ size: 10, sent: 10, createdAt: new Date(now.getTime() - 25 * HOUR) })
    const young = await upload({ size: 10, sent: 3, createdAt: new Date(now.getTime() - 23 * HOUR) })
    // Bytes whose record was never written (a crash between the two), a day old.
    const orphan = newUploadId()
    writeFileSync(path.join(dir, orphan), 'x')
    utimesSync(path.join(dir, orphan), new Date(now.getTime() - 25 * HOUR), new Date(now.getTime() - 25 * HOUR))

    expect(await store.sweepExpired(now)).toBe(3)
    for (const id of [old, oldFinished, orphan]) {
      expect(existsSync(path.join(dir, id))).toBe(false)
      expect(existsSync(path.join(dir, `${id}.json`))).toBe(false)
    }
    expect(await store.find(young)).toMatchObject({ offset: 3 })
    // A day later the young one goes too.
    expect(await store.sweepExpired(new Date(now.getTime() + 2 * HOUR))).toBe(1)
  })

  it('sweeps a claim abandoned for over an hour (the process died mid-check), not a fresh one', async () => {
    const id = await upload({ size: 10, sent: 10 })
    await store.claim(id)
    expect(await store.sweepExpired(new Date())).toBe(0)
    expect(await store.sweepExpired(new Date(Date.now() + 2 * HOUR))).toBe(1)
    expect(readdirSync(path.join(dir, '.claimed'))).toEqual([])
    expect(existsSync(path.join(dir, `${id}.json`))).toBe(false)
  })
})
