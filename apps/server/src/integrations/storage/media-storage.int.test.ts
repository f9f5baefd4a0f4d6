import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buffer, text } from 'node:stream/consumers'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startS3Server, type TestS3Server } from '../../testing/s3-server'
import { createMediaStorage } from './create-media-storage'
import { createLocalMediaStorage } from './local-media-storage'
import { StorageKeyError, StorageNotFoundError, type MediaStorage } from './port'
import { createS3MediaStorage, PRESIGN_WINDOW_SECONDS, type S3MediaStorage } from './s3-media-storage'

/**
 * The storage port's contract (ADR 035), the same tests for the local disk and for S3 (s3rver). Where the two differ
 * by design (S3's presigned URLs, temporary files for ffmpeg) the test says so through the store's `kind`.
 */

const PART = 5 * 1024 * 1024
const LIST_PAGE = 2

interface Harness {
  storage: MediaStorage
  /** SDK commands sent since the harness was made, by name (always empty for local storage). */
  commands: string[]
  /** Keys deleted per DeleteObjects request. */
  deleteBatches: number[]
}

let s3: TestS3Server | undefined
let dir: string
beforeAll(async () => {
  s3 = await startS3Server()
})
afterAll(async () => {
  await s3?.stop()
})
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'media-storage-int-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function localHarness(): Harness {
  return { storage: createLocalMediaStorage(path.join(dir, 'media')), commands: [], deleteBatches: [] }
}

function s3Harness(): Harness {
  mkdirSync(path.join(dir, 'tmp'))
  const storage: S3MediaStorage = createS3MediaStorage({
    ...s3Options(),
    partSize: PART,
    listPageSize: LIST_PAGE,
    tempDir: path.join(dir, 'tmp'),
  })
  const harness: Harness = { storage, commands: [], deleteBatches: [] }
  storage.client.middlewareStack.add(
    (next, context) => (args) => {
      harness.commands.push(context.commandName ?? '?')
      const input = args.input as { Delete?: { Objects?: unknown[] } }
      if (context.commandName === 'DeleteObjectsCommand') harness.deleteBatches.push(input.Delete?.Objects?.length ?? 0)
      return next(args)
    },
    { step: 'initialize', name: 'countCommands' },
  )
  return harness
}

describe.each([
  { kind: 'local', make: localHarness },
  { kind: 's3', make: s3Harness },
])('$kind media storage', ({ kind, make }) => {
  let h: Harness
  let storage: MediaStorage
  /** Each test writes under its own folder: the S3 bucket outlives a test. */
  let user: string
  let n = 0
  beforeEach(() => {
    h = make()
    storage = h.storage
    user = `user-${++n}`
  })
  afterEach(async () => {
    await storage.removeFolder(user)
    if (kind === 's3') (storage as S3MediaStorage).close()
  })

  function sourceFile(content: string | Buffer, name = 'source'): string {
    const file = path.join(dir, name)
    writeFileSync(file, content)
    return file
  }

  it('moves a file in (the source is gone), sizes it and reads it whole or by range', async () => {
    const source = sourceFile('0123456789')
    await storage.importFile(source, `${user}/abc.mp4`)
    expect(existsSync(source)).toBe(false)
    expect(await storage.size(`${user}/abc.mp4`)).toBe(10)
    expect(await text(storage.read(`${user}/abc.mp4`))).toBe('0123456789')
    expect(await text(storage.read(`${user}/abc.mp4`, { start: 2, end: 4 }))).toBe('234')
    expect(await text(storage.read(`${user}/abc.mp4`, { start: 9, end: 9 }))).toBe('9')
  })

  it('imports a file larger than one part (a multipart upload on S3) whole', async () => {
    const content = Buffer.alloc(PART + 1, 7)
    content[PART - 1] = 1
    content[PART] = 2
    const source = sourceFile(content)
    await storage.importFile(source, `${user}/big.mp4`)
    expect(existsSync(source)).toBe(false)
    expect(await storage.size(`${user}/big.mp4`)).toBe(PART + 1)
    expect([...(await buffer(storage.read(`${user}/big.mp4`, { start: PART - 2, end: PART })))]).toEqual([7, 1, 2])
    expect((await buffer(storage.read(`${user}/big.mp4`))).equals(content)).toBe(true)
    // On S3: one multipart upload of two parts.
    if (kind === 's3') {
      expect(h.commands.filter((c) => c === 'CreateMultipartUploadCommand')).toHaveLength(1)
      expect(h.commands.filter((c) => c === 'UploadPartCommand')).toHaveLength(2)
    }
  })

  it('imports an empty file; a missing source fails and stores nothing', async () => {
    await storage.importFile(sourceFile(''), `${user}/empty.mp4`)
    expect(await storage.size(`${user}/empty.mp4`)).toBe(0)
    expect(await text(storage.read(`${user}/empty.mp4`))).toBe('')
    await expect(storage.importFile(path.join(dir, 'nope'), `${user}/nope.mp4`)).rejects.toMatchObject({
      code: 'ENOENT',
    })
    await expect(storage.copyIn(path.join(dir, 'nope'), `${user}/nope.mp4`)).rejects.toMatchObject({ code: 'ENOENT' })
    expect(await storage.size(`${user}/nope.mp4`)).toBeNull()
  })

  it('lets a reader stop early (a browser seeking): the stream closes and the store keeps answering', async () => {
    await storage.importFile(sourceFile(Buffer.alloc(PART + 1, 5)), `${user}/seek.mp4`)
    const stream = storage.read(`${user}/seek.mp4`)
    const first = await new Promise<Buffer>((resolve, reject) => {
      stream.once('data', resolve)
      stream.once('error', reject)
    })
    expect(first.length).toBeGreaterThan(0)
    const closed = new Promise((resolve) => stream.once('close', resolve))
    stream.destroy()
    await closed
    expect(await text(storage.read(`${user}/seek.mp4`, { start: 0, end: 3 }))).toBe('\x05'.repeat(4))
  })

  it('copies a file in, keeping the source', async () => {
    const source = sourceFile('stock')
    await storage.copyIn(source, `${user}/copy.mp4`)
    expect(readFileSync(source, 'utf8')).toBe('stock')
    expect(await text(storage.read(`${user}/copy.mp4`))).toBe('stock')
  })

  it('writes bytes under a key, replacing what was there', async () => {
    await storage.write(`${user}/images/a.png`, Buffer.from('first'))
    await storage.write(`${user}/images/a.png`, Buffer.from('png bytes'))
    expect(await storage.size(`${user}/images/a.png`)).toBe(9)
    expect(await text(storage.read(`${user}/images/a.png`))).toBe('png bytes')
  })

  it('answers null for the size of a missing object, and a read of one errors with StorageNotFoundError', async () => {
    expect(await storage.size(`${user}/missing.mp4`)).toBeNull()
    await expect(text(storage.read(`${user}/missing.mp4`))).rejects.toBeInstanceOf(StorageNotFoundError)
    await expect(text(storage.read(`${user}/missing.mp4`, { start: 0, end: 1 }))).rejects.toBeInstanceOf(
      StorageNotFoundError,
    )
  })

  it('lends a local file holding the object, and removes a temporary copy afterwards, even when `use` throws', async () => {
    await storage.write(`${user}/clip.mp4`, Buffer.from('video bytes'))
    let lent = ''
    const result = await storage.withLocalFile(`${user}/clip.mp4`, async (file) => {
      lent = file
      expect(path.extname(file)).toBe('.mp4')
      return readFileSync(file, 'utf8')
    })
    expect(result).toBe('video bytes')
    // Local storage lends its own file; S3 a download that is gone once `use` settles.
    expect(existsSync(lent)).toBe(kind === 'local')
    if (kind === 's3') expect(readdirSync(path.join(dir, 'tmp'))).toEqual([])

    await expect(
      storage.withLocalFile(`${user}/clip.mp4`, (file) => {
        lent = file
        return Promise.reject(new Error('ffmpeg failed'))
      }),
    ).rejects.toThrow('ffmpeg failed')
    expect(existsSync(lent)).toBe(kind === 'local')
    if (kind === 's3') expect(readdirSync(path.join(dir, 'tmp'))).toEqual([])

    let called = false
    await expect(
      storage.withLocalFile(`${user}/missing.mp4`, () => {
        called = true
        return Promise.resolve()
      }),
    ).rejects.toBeInstanceOf(StorageNotFoundError)
    expect(called).toBe(false)
    if (kind === 's3') expect(readdirSync(path.join(dir, 'tmp'))).toEqual([])
  })

  it('gives a presigned URL on S3 that answers a Range request with the asked type and disposition (local: null)', async () => {
    await storage.write(`${user}/v.mp4`, Buffer.from('0123456789'))
    const url = await storage.presignedUrl(`${user}/v.mp4`, {
      expiresInSeconds: 60,
      contentType: 'video/mp4',
      contentDisposition: 'attachment; filename="hook.mp4"',
    })
    if (kind === 'local') {
      expect(url).toBeNull()
      return
    }
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
    const response = await fetch(url!, { headers: { Range: 'bytes=3-5', Origin: 'http://localhost:3999' } })
    expect(response.status).toBe(206)
    expect(await response.text()).toBe('345')
    expect(response.headers.get('content-range')).toBe('bytes 3-5/10')
    expect(response.headers.get('content-type')).toBe('video/mp4')
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="hook.mp4"')
    // The test server's CORS lets a page on another origin play it.
    expect(response.headers.get('access-control-allow-origin')).toBeTruthy()
    expect(response.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('content-range')
  })

  it('lists the objects under a folder, page after page, with sizes and dates', async () => {
    for (const name of ['a.mp4', 'b.mp4', 'images/c.png', 'd.jpg', 'e.mp4']) {
      await storage.write(`${user}/${name}`, Buffer.from(name))
    }
    await storage.write(`${user}x/other.mp4`, Buffer.from('not under the folder'))
    const listed = []
    for await (const object of storage.list(user)) listed.push(object)
    expect(listed.map((o) => o.key).sort()).toEqual(
      ['a.mp4', 'b.mp4', 'd.jpg', 'e.mp4', 'images/c.png'].map((name) => `${user}/${name}`),
    )
    expect(listed.find((o) => o.key === `${user}/d.jpg`)?.size).toBe(5)
    expect(listed.every((o) => o.lastModified instanceof Date && o.lastModified.getTime() > 0)).toBe(true)
    // Five objects, two a page: three ListObjectsV2 requests.
    if (kind === 's3') expect(h.commands.filter((c) => c === 'ListObjectsV2Command')).toHaveLength(3)

    const everything = []
    for await (const object of storage.list()) everything.push(object.key)
    expect(everything).toContain(`${user}x/other.mp4`)
    expect(everything).toContain(`${user}/a.mp4`)
    await storage.removeFolder(`${user}x`)

    const none = []
    for await (const object of storage.list(`${user}/nothing`)) none.push(object)
    expect(none).toEqual([])
  })

  it('removes an object; removing a missing one is fine', async () => {
    await storage.write(`${user}/gone.mp4`, Buffer.from('x'))
    await storage.remove(`${user}/gone.mp4`)
    expect(await storage.size(`${user}/gone.mp4`)).toBeNull()
    await storage.remove(`${user}/gone.mp4`)
    await storage.remove(`${user}/never.mp4`)
  })

  it('removes a folder and everything in it, leaving its neighbours; a missing folder is fine', async () => {
    await storage.write(`${user}/a.mp4`, Buffer.from('a'))
    await storage.write(`${user}/images/b.png`, Buffer.from('b'))
    await storage.write(`${user}-2/keep.mp4`, Buffer.from('keep'))
    await storage.removeFolder(user)
    expect(await storage.size(`${user}/a.mp4`)).toBeNull()
    expect(await storage.size(`${user}/images/b.png`)).toBeNull()
    expect(await storage.size(`${user}-2/keep.mp4`)).toBe(4)
    await storage.removeFolder(`${user}-2`)
    await storage.removeFolder(user)
  })

  it.skipIf(kind === 'local')('removes a folder of more than 1000 objects in batches of 1000', async () => {
    const total = 1001
    const keys = Array.from({ length: total }, (_, i) => `${user}/many/${String(i).padStart(4, '0')}.png`)
    // Sixteen PUTs at a time (s3rver is one Node process).
    for (let i = 0; i < keys.length; i += 16) {
      await Promise.all(keys.slice(i, i + 16).map((key) => storage.write(key, Buffer.from('x'))))
    }
    // A faster listing for this test (the store's own page size is 2).
    const bulk = createS3MediaStorage({ ...s3Options(), listPageSize: 1000 })
    const batches: number[] = []
    bulk.client.middlewareStack.add(
      (next, context) => (args) => {
        const input = args.input as { Delete?: { Objects?: unknown[] } }
        if (context.commandName === 'DeleteObjectsCommand') batches.push(input.Delete?.Objects?.length ?? 0)
        return next(args)
      },
      { step: 'initialize', name: 'countDeletes' },
    )
    try {
      await bulk.removeFolder(user)
    } finally {
      bulk.close()
    }
    expect(batches).toEqual([1000, 1])
    const left = []
    for await (const object of storage.list(user)) left.push(object)
    expect(left).toEqual([])
  })

  it.each(['../escape.mp4', 'user/../../x', '/etc/passwd', 'user//x', '', 'user/.hidden', 'a\\..\\b', 'user/'])(
    'refuses the key %j in every method, before any request',
    async (key) => {
      const source = sourceFile('x')
      expect(() => storage.read(key)).toThrow(StorageKeyError)
      const calls: (() => Promise<unknown>)[] = [
        () => storage.importFile(source, key),
        () => storage.copyIn(source, key),
        () => storage.write(key, Buffer.from('x')),
        () => storage.size(key),
        () => storage.withLocalFile(key, () => Promise.resolve()),
        () =>
          storage.presignedUrl(key, { expiresInSeconds: 60, contentType: 'video/mp4', contentDisposition: 'inline' }),
        () => storage.remove(key),
        () => storage.removeFolder(key),
        async () => {
          for await (const object of storage.list(key)) void object
        },
      ]
      for (const call of calls) {
        await expect(Promise.resolve().then(call)).rejects.toBeInstanceOf(StorageKeyError)
      }
      expect(existsSync(source)).toBe(true)
      expect(h.commands).toEqual([])
    },
  )
})

function s3Options() {
  const server = s3!
  return {
    endpoint: server.endpoint,
    bucket: server.bucket,
    region: server.region,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    forcePathStyle: true,
  }
}

describe('opening the configured store', () => {
  it('opens local storage under DATA_DIR/media', async () => {
    const storage = await createMediaStorage({ dataDir: dir, storage: { kind: 'local' } })
    await storage.write('user-1/a.png', Buffer.from('png'))
    expect(readFileSync(path.join(dir, 'media', 'user-1', 'a.png'), 'utf8')).toBe('png')
    storage.close()
  })

  it('checks the S3 bucket at start: a reachable one opens', async () => {
    const storage = await createMediaStorage({ dataDir: dir, storage: { kind: 's3', ...s3Options() } })
    expect(storage.kind).toBe('s3')
    storage.close()
  })

  it('gives the same presigned URL all through a signing window (the browser cache works), a new one after it', async () => {
    const windowMs = PRESIGN_WINDOW_SECONDS * 1000
    const start = Math.floor(Date.now() / windowMs) * windowMs
    let now = start + 1_000
    const storage = createS3MediaStorage({ ...s3Options(), clock: () => new Date(now) })
    await storage.write('user-w/t.jpg', Buffer.from('jpeg'))
    const sign = () =>
      storage.presignedUrl('user-w/t.jpg', {
        expiresInSeconds: 900,
        contentType: 'image/jpeg',
        contentDisposition: 'inline',
      })
    const first = await sign()
    now = start + windowMs - 1
    expect(await sign()).toBe(first)
    now = start + windowMs
    expect(await sign()).not.toBe(first)
    // Valid for at least the time asked, and cacheable by the browser for that long.
    expect(new URL(first!).searchParams.get('X-Amz-Expires')).toBe(String(900 + PRESIGN_WINDOW_SECONDS))
    const response = await fetch(first!)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, max-age=900')
    storage.close()
  })

  it('signs URLs for browsers at S3_PUBLIC_ENDPOINT while the servers talk to S3_ENDPOINT (a container name)', async () => {
    const endpoint = new URL(s3!.endpoint)
    // The same store under another name, as a browser would reach MinIO through the proxy rather than `minio:9000`.
    const publicEndpoint = `http://localhost:${endpoint.port}`
    const storage = await createMediaStorage({
      dataDir: dir,
      storage: { kind: 's3', ...s3Options(), publicEndpoint },
    })
    await storage.write('user-p/v.mp4', Buffer.from('abcdef'))
    const url = await storage.presignedUrl('user-p/v.mp4', {
      expiresInSeconds: 60,
      contentType: 'video/mp4',
      contentDisposition: 'inline',
    })
    expect(url?.startsWith(`${publicEndpoint}/`)).toBe(true)
    const response = await fetch(url!, { headers: { Range: 'bytes=1-2' } })
    expect(response.status).toBe(206)
    expect(await response.text()).toBe('bc')
    // Reads and writes still go to S3_ENDPOINT.
    expect(await storage.size('user-p/v.mp4')).toBe(6)
    storage.close()
  })

  it.each([
    [
      'a missing bucket',
      { bucket: 'no-such-bucket' },
      /S3 bucket "no-such-bucket" is not reachable at http:\/\/127\.0\.0\.1:\d+: it does not exist/,
    ],
    [
      'unknown keys',
      { accessKeyId: 'NOBODY', secretAccessKey: 'not-the-secret' },
      /S3 bucket "hookpost-test" is not reachable at .*: access denied \(check S3_ACCESS_KEY_ID/,
    ],
    [
      'nothing listening',
      { endpoint: 'http://127.0.0.1:9' },
      /S3 bucket "hookpost-test" is not reachable at http:\/\/127\.0\.0\.1:9: .*ECONNREFUSED/,
    ],
  ])('refuses to start with %s, saying why (and never the secret)', async (_, change, message) => {
    const err = await createMediaStorage({ dataDir: dir, storage: { kind: 's3', ...s3Options(), ...change } }).then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    expect(err?.message).toMatch(message)
    expect(err?.message).not.toContain('not-the-secret')
    expect(err?.message).not.toContain(s3!.secretAccessKey + '"')
  })
})
