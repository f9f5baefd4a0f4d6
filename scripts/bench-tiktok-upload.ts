/**
 * Uploads a generated 500 MB video through the TikTok client to a local sandbox and reports throughput, peak memory
 * growth and chunk count. The sandbox runs in a child process, so the memory figures are the client's alone; the
 * client streams each chunk from media storage (local here, read as the publisher reads it) through a small buffer
 * pool, so they should stay flat whatever the file size.
 *
 *   node --import tsx scripts/bench-tiktok-upload.ts [sizeInMiB] [--smoke]
 *
 * `--smoke`: 80 MiB (8 chunks of 10 MB); exits 1 unless TikTok (the sandbox) ends with the whole file.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createLocalMediaStorage } from '../apps/server/src/integrations/storage'
import { createTiktokClient } from '../apps/server/src/integrations/tiktok'
import { mediaFilesOf } from '../apps/server/src/modules/publishing'
import { sandboxSession, startSandboxProcess } from '../apps/server/src/integrations/tiktok/testing/sandbox-session'
import { reportFigure, SMOKE } from './lib/bench-report'

const MIB = 1024 * 1024
const sizeArg = process.argv.slice(2).find((a) => !a.startsWith('--'))
const size = (SMOKE ? 80 : Number(sizeArg ?? 500)) * MIB
const clientKey = 'bench'
const clientSecret = randomBytes(16).toString('hex')
const redirectUri = 'http://127.0.0.1:5999/callback'

/** Real bytes (not a sparse file): an MP4 `ftyp` header, then a 1 MiB random block repeated. */
async function writeVideo(filePath: string, bytes: number): Promise<void> {
  const block = randomBytes(MIB)
  block.write('\0\0\0\x20ftypisom\0\0\x02\0isomiso2mp41', 0, 'latin1')
  const file = await open(filePath, 'w')
  try {
    for (let offset = 0; offset < bytes; offset += MIB) {
      await file.write(block, 0, Math.min(MIB, bytes - offset), offset)
      if (offset === 0) block.fill(0x2a, 0, 32)
    }
  } finally {
    await file.close()
  }
}

const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1)

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-tiktok-upload-'))
  const sandbox = await startSandboxProcess({
    clients: [{ clientKey, clientSecret, redirectUris: [redirectUri] }],
    processingMs: 100,
    moderationMs: 100,
    dataDir: path.join(dir, 'sandbox'),
  })
  try {
    // As the publisher reads it (modules/publishing/media-files.ts).
    const media = mediaFilesOf(createLocalMediaStorage(path.join(dir, 'media')))
    const key = 'bench/video.mp4'
    const filePath = path.join(dir, 'media', 'bench', 'video.mp4')
    mkdirSync(path.dirname(filePath), { recursive: true })
    let started = performance.now()
    await writeVideo(filePath, size)
    console.log(`generated ${mb(size)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`)

    const session = sandboxSession(sandbox.url, clientSecret)
    const client = createTiktokClient({
      apiBase: sandbox.url,
      authBase: sandbox.url,
      clientKey,
      clientSecret,
      redirectUri,
    })
    const creator = await session.createCreator({ display_name: 'Bench', username: 'bench_creator' })
    const callback = await session.authorize(
      client.authorizeUrl({ state: 'bench', scopes: ['user.info.basic', 'video.publish'] }),
      creator.open_id,
    )
    const tokens = await client.exchangeCode(callback.get('code') ?? '')
    const init = await client.initDirectPost(tokens.accessToken, {
      postInfo: { title: 'bench', privacyLevel: 'SELF_ONLY' },
      source: { kind: 'file', size },
    })
    if (!init.uploadUrl || !init.chunks) throw new Error('video/init returned no upload URL')

    global.gc?.()
    const base = process.memoryUsage()
    const peak = { rss: base.rss, heapUsed: base.heapUsed, arrayBuffers: base.arrayBuffers }
    const sampler = setInterval(() => {
      const usage = process.memoryUsage()
      peak.rss = Math.max(peak.rss, usage.rss)
      peak.heapUsed = Math.max(peak.heapUsed, usage.heapUsed)
      peak.arrayBuffers = Math.max(peak.arrayBuffers, usage.arrayBuffers)
    }, 20)
    started = performance.now()
    try {
      const { uploadUrl, chunks: plan } = init
      await media.withChunkSource(key, (source) =>
        client.uploadFile({ uploadUrl, source, contentType: 'video/mp4', plan }),
      )
    } finally {
      clearInterval(sampler)
    }
    const seconds = (performance.now() - started) / 1000

    let status = await client.fetchStatus(tokens.accessToken, init.publishId)
    for (let i = 0; i < 40 && status.status === 'PROCESSING_UPLOAD'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      status = await client.fetchStatus(tokens.accessToken, init.publishId)
    }

    console.log(`file            ${mb(size)} MB (${size} B)`)
    console.log(
      `chunks          ${init.chunks.totalChunkCount} × ${mb(init.chunks.chunkSize)} MB (last absorbs the rest)`,
    )
    console.log(`upload time     ${seconds.toFixed(2)} s`)
    console.log(`throughput      ${(size / 1_000_000 / seconds).toFixed(1)} MB/s`)
    console.log(`peak RSS growth ${mb(peak.rss - base.rss)} MB (the client's process; the sandbox runs in another)`)
    console.log(
      `peak heap/ab    +${mb(peak.heapUsed - base.heapUsed)} MB heap, +${mb(peak.arrayBuffers - base.arrayBuffers)} MB arrayBuffers`,
    )
    console.log(`final status    ${status.status}${status.failReason ? ` (${status.failReason})` : ''}`)
    reportFigure('tiktok-upload.mb_per_s', size / 1_000_000 / seconds)
    reportFigure('tiktok-upload.rss_growth_mb', (peak.rss - base.rss) / 1_000_000)
    if (status.status === 'FAILED' || status.status === 'PROCESSING_UPLOAD') process.exitCode = 1
  } finally {
    await sandbox.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
