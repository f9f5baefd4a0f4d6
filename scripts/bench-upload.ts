/**
 * Uploads a 500 MB video to a real Hookpost server over tus (10 MB PATCH chunks by default), then finalises it, and
 * reports throughput and how much the *server's* memory grew. The server runs in this process; the upload client runs
 * in a child process, so none of the client's buffers count against the server. Its goal is in `npm run bench`'s table.
 *
 *   node --import tsx scripts/bench-upload.ts [--size-mib 500] [--chunk-mib 10] [--no-warm-up] [--smoke]
 *
 * `--smoke`: 40 MiB; exits 1 when the upload or its finalise fails.
 *   (npm run bench:upload; add --expose-gc to node's flags for a steadier baseline)
 *
 * The file is a real 2-second H.264 MP4 made by ffmpeg, padded to the size with a top-level `free` box (valid ISO
 * BMFF, ignored by players), so the server's checks pass and the finalise time is that of a maximum-size file.
 */
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createReadStream, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { reportFigure } from './lib/bench-report'

const MIB = 1024 * 1024
const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1)

// ---- client (child process) -------------------------------------------------------------------------------------

interface ClientResult {
  uploadId: string
  seconds: number
  patches: number
}

/** Streams each chunk from disk into its PATCH body: the client holds no more than a read buffer at a time. */
async function runClient(base: string, cookie: string, filePath: string, chunkBytes: number): Promise<ClientResult> {
  const length = (await stat(filePath)).size
  const tus = { 'tus-resumable': '1.0.0', cookie }
  const metadata = `filename ${Buffer.from(path.basename(filePath)).toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`
  const started = performance.now()
  const created = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: { ...tus, 'upload-length': String(length), 'upload-metadata': metadata },
  })
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`)
  const location = new URL(created.headers.get('location') ?? '', base)
  let patches = 0
  for (let offset = 0; offset < length; offset += chunkBytes) {
    const end = Math.min(offset + chunkBytes, length)
    const body = Readable.toWeb(createReadStream(filePath, { start: offset, end: end - 1 })) as ReadableStream
    const res = await fetch(location, {
      method: 'PATCH',
      headers: {
        ...tus,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(end - offset),
      },
      body,
      duplex: 'half',
    } as RequestInit)
    if (res.status !== 204) throw new Error(`PATCH at ${offset} answered ${res.status}: ${await res.text()}`)
    patches++
  }
  return { uploadId: location.pathname.split('/').pop() ?? '', seconds: (performance.now() - started) / 1000, patches }
}

// ---- server side (this process) ---------------------------------------------------------------------------------

/** A real short MP4, then a `free` box so the file is exactly `bytes` long. */
async function writeVideo(dir: string, name: string, bytes: number): Promise<string> {
  const seed = path.join(dir, 'seed.mp4')
  execFileSync('ffmpeg', [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=1080x1920:rate=30', '-t', '2',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', seed,
  ]) // prettier-ignore
  const head = readFileSync(seed)
  const padding = bytes - head.length
  if (padding < 8 || padding > 0xffffffff) throw new Error(`cannot pad ${head.length} bytes to ${bytes}`)
  const filePath = path.join(dir, name)
  const file = await open(filePath, 'w')
  try {
    await file.write(head, 0, head.length, 0)
    const box = Buffer.alloc(8)
    box.writeUInt32BE(padding, 0)
    box.write('free', 4, 'latin1')
    await file.write(box, 0, 8, head.length)
    const block = randomBytes(MIB)
    for (let offset = head.length + 8; offset < bytes; offset += MIB) {
      await file.write(block, 0, Math.min(MIB, bytes - offset), offset)
    }
  } finally {
    await file.close()
  }
  return filePath
}

function startClient(base: string, cookie: string, filePath: string, chunkBytes: number): Promise<ClientResult> {
  const self = fileURLToPath(import.meta.url)
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', self, '--client', base, '--file', filePath, '--chunk-bytes', String(chunkBytes)],
    // The session cookie goes through the environment, not the process list.
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BENCH_COOKIE: cookie } },
  )
  let out = ''
  child.stdout.setEncoding('utf8')
  child.stdout.on('data', (chunk: string) => (out += chunk))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`upload client exited with ${code}`))
      resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as ClientResult)
    })
  })
}

async function main(sizeBytes: number, chunkBytes: number, warmUp: boolean) {
  const { startTestServer, cookieHeader } = await import('../apps/server/src/testing/test-runtime')
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-upload-'))
  let started = performance.now()
  const filePath = await writeVideo(dir, 'bench.mp4', sizeBytes)
  const warmPath = await writeVideo(dir, 'warm-up.mp4', 8 * MIB)
  console.log(`generated ${mb(sizeBytes)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  const server = await startTestServer()
  try {
    const address = await server.runtime.http!.listen({ port: 0, host: '127.0.0.1' })
    const base = address.replace(/\/$/, '')
    console.log(`server           ${server.kind} database, in this process; the upload client is a child process`)

    const password = 'bench horse battery'
    const signUp = await fetch(`${base}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench-${Date.now()}@example.com`,
        password,
        confirmPassword: password,
        acceptTerms: true,
      }),
    })
    if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`)
    const cookie = cookieHeader(signUp.headers.getSetCookie())

    // Warm-up: one small upload end to end, so first-use costs (module loading, JIT, pools) are not counted as growth.
    // --no-warm-up measures from a server that has never seen an upload.
    if (warmUp) {
      const warm = await startClient(base, cookie, warmPath, chunkBytes)
      await fetch(`${base}/api/media`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ uploadId: warm.uploadId }),
      })
    }

    global.gc?.()
    await new Promise((resolve) => setTimeout(resolve, 500))
    const base0 = process.memoryUsage()
    const peak = {
      rss: base0.rss,
      heapUsed: base0.heapUsed,
      external: base0.external,
      arrayBuffers: base0.arrayBuffers,
    }
    const sampler = setInterval(() => {
      const m = process.memoryUsage()
      peak.rss = Math.max(peak.rss, m.rss)
      peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed)
      peak.external = Math.max(peak.external, m.external)
      peak.arrayBuffers = Math.max(peak.arrayBuffers, m.arrayBuffers)
    }, 20)
    let result: ClientResult
    try {
      result = await startClient(base, cookie, filePath, chunkBytes)
    } finally {
      clearInterval(sampler)
    }

    started = performance.now()
    const finalized = await fetch(`${base}/api/media`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ uploadId: result.uploadId }),
    })
    const finalizeSeconds = (performance.now() - started) / 1000
    const finalBody = (await finalized.json()) as { media?: { width: number; height: number }; message?: string }

    const growth = peak.rss - base0.rss
    console.log(
      `file             ${mb(sizeBytes)} MB (${sizeBytes} B), ${result.patches} PATCHes of ${mb(chunkBytes)} MB`,
    )
    console.log(`upload time      ${result.seconds.toFixed(2)} s (client in a child process, over loopback)`)
    console.log(`throughput       ${(sizeBytes / 1_000_000 / result.seconds).toFixed(1)} MB/s`)
    console.log(`server RSS       ${mb(base0.rss)} MB before → peak ${mb(peak.rss)} MB`)
    console.log(`peak RSS growth  ${mb(growth)} MB`)
    console.log(
      `peak heap/ext/ab +${mb(peak.heapUsed - base0.heapUsed)} MB heap, +${mb(peak.external - base0.external)} MB external, ` +
        `+${mb(peak.arrayBuffers - base0.arrayBuffers)} MB arrayBuffers`,
    )
    console.log(
      `finalise         ${finalized.status} in ${finalizeSeconds.toFixed(2)} s` +
        (finalBody.media ? ` (${finalBody.media.width}×${finalBody.media.height})` : ` (${finalBody.message})`),
    )
    reportFigure('upload.rss_growth_mib', growth / MIB)
    reportFigure('upload.mb_per_s', sizeBytes / 1_000_000 / result.seconds)
    if (finalized.status !== 201) process.exitCode = 1
  } finally {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

const { values } = parseArgs({
  options: {
    client: { type: 'string' },
    file: { type: 'string' },
    'chunk-bytes': { type: 'string' },
    'size-mib': { type: 'string', default: '500' },
    'chunk-mib': { type: 'string', default: '10' },
    'no-warm-up': { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
  },
})

if (values.client) {
  const result = await runClient(
    values.client,
    process.env.BENCH_COOKIE ?? '',
    values.file ?? '',
    Number(values['chunk-bytes']),
  )
  console.log(JSON.stringify(result))
} else {
  await main(
    (values.smoke ? 40 : Number(values['size-mib'])) * MIB,
    Number(values['chunk-mib']) * MIB,
    !values['no-warm-up'],
  )
}
