import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ffprobeJson } from '../testing/ffprobe-fixtures'
import { RENDER_MESSAGES } from './messages'
import { failureFromExit, ffprobeBeside, renderVideo, runFfmpeg } from './render'
import { RenderError, type RenderPlan } from './types'

const dir = mkdtempSync(path.join(tmpdir(), 'render-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/**
 * Stand-ins for ffmpeg and ffprobe (bash scripts), so spawning, progress, timeouts, aborts and exit handling are tested
 * without media; render.int.test.ts runs the real binaries.
 */
function fakeBinary(name: string, script: string): string {
  const file = path.join(dir, name)
  writeFileSync(file, `#!/bin/bash\n${script}\n`)
  chmodSync(file, 0o755)
  return file
}

/** Writes its arguments next to itself, "renders" (progress blocks, then a file at the last argument's path). */
const ffmpeg = fakeBinary(
  'ffmpeg',
  `printf '%s\\n' "$@" >> "${dir}/ffmpeg-calls"
echo '---' >> "${dir}/ffmpeg-calls"
out="\${@: -1}"; out="\${out#file:}"
for f in 15 30 45 60; do printf 'frame=%s\\nout_time_us=N/A\\nprogress=continue\\n' "$f"; sleep 0.15; done
printf 'frame=60\\nprogress=end\\n'
echo rendered > "$out"`,
)
const ffprobe = fakeBinary('ffprobe', `echo '${JSON.stringify(ffprobeJson({ duration: '2.000000' }))}'`)

function plan(name: string): RenderPlan {
  const workDir = path.join(dir, name)
  mkdirSync(workDir)
  return {
    layout: 'single',
    hook: { path: '/media/hook.mp4', width: 1080, height: 1920, durationMs: 2000, fps: 30, hasAudio: true },
    demo: null,
    fit: 'blur',
    overlays: [
      {
        version: 2,
        anchor: null,
        style: 'outline',
        startMs: null,
        endMs: null,
        id: 'a',
        text: 'Hello "there"',
        position: 'top',
        color: '#ffffff',
        fontSize: 96,
        fontWeight: 'bold',
        target: 'both',
      },
    ],
    outputPath: path.join(workDir, 'out.mp4'),
    thumbnailPath: path.join(workDir, 'thumb.jpg'),
    workDir,
  }
}

describe('renderVideo', () => {
  it('writes the overlay image, runs ffmpeg twice, reports progress and returns what ffprobe found', async () => {
    const p = plan('ok')
    // The fake appends every call it gets: count only this test's.
    writeFileSync(path.join(dir, 'ffmpeg-calls'), '')
    const seen: number[] = []
    const result = await renderVideo(p, { ffmpegPath: ffmpeg, ffprobePath: ffprobe, onProgress: (v) => seen.push(v) })
    expect(result).toMatchObject({ durationMs: 2000, width: 1080, height: 1920, sizeBytes: 'rendered\n'.length })
    expect(result.elapsedMs).toBeGreaterThan(0)
    expect(existsSync(path.join(p.workDir, 'overlay-hook-0.png'))).toBe(true)
    expect(existsSync(path.join(p.workDir, 'overlay-demo-0.png'))).toBe(false)
    // Throttled (the fake reports every 150 ms), rising, 100 only at the end.
    expect(seen.at(-1)).toBe(100)
    expect(seen.slice(0, -1).every((v) => v < 100)).toBe(true)
    expect(seen).toEqual([...seen].sort((a, b) => a - b))
    expect(seen).toContain(25)
    const calls = readFileSync(path.join(dir, 'ffmpeg-calls'), 'utf8').split('---\n').filter(Boolean)
    expect(calls).toHaveLength(2)
    expect(calls[0]).toContain(`file:${path.join(p.workDir, 'overlay-hook-0.png')}\n`)
    expect(calls[0]).not.toContain('there')
    expect(calls[1]).toContain(`file:${p.thumbnailPath}\n`)
  })

  it('fails with a retryable RenderError when the output is not the expected H.264 1080×1920 with AAC', async () => {
    const wrong = fakeBinary('ffprobe-wrong', `echo '${JSON.stringify(ffprobeJson({ width: 720, height: 1280 }))}'`)
    const p = plan('wrong-output')
    const error = await renderVideo(p, { ffmpegPath: ffmpeg, ffprobePath: wrong }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RenderError)
    expect(error).toMatchObject({ message: RENDER_MESSAGES.failed, retryable: true })
    expect((error as RenderError).detail).toMatch(/h264 720×1280/)
    // No half-made result is left behind.
    expect(existsSync(p.outputPath)).toBe(false)
  })

  it('a thumbnail that cannot be made is worth another attempt (the sources were fine)', async () => {
    const thumbFails = fakeBinary(
      'ffmpeg-thumb-fails',
      `out="\${@: -1}"; out="\${out#file:}"
if [[ "$*" == *image2* ]]; then echo "Invalid data found when processing input" >&2; exit 1; fi
echo rendered > "$out"`,
    )
    const p = plan('thumb-fails')
    const error = await renderVideo(p, { ffmpegPath: thumbFails, ffprobePath: ffprobe }).catch((e: unknown) => e)
    expect(error).toMatchObject({ message: RENDER_MESSAGES.failed, retryable: true })
    expect((error as RenderError).detail).toMatch(/^thumbnail: ffmpeg exited with 1: Invalid data/)
    expect(existsSync(p.outputPath)).toBe(false)
  })

  it('does not start when already stopped', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(
      renderVideo(plan('pre-aborted'), { ffmpegPath: ffmpeg, ffprobePath: ffprobe, signal: controller.signal }),
    ).rejects.toMatchObject({ message: RENDER_MESSAGES.stopped, retryable: true })
  })
})

describe('runFfmpeg', () => {
  it('kills ffmpeg at the timeout: a retryable RenderError', async () => {
    const slow = fakeBinary('slow', 'echo starting >&2; sleep 10')
    const started = Date.now()
    const error = await runFfmpeg(slow, [], { timeoutMs: 200 }).catch((e: unknown) => e)
    expect(Date.now() - started).toBeLessThan(3000)
    expect(error).toMatchObject({ name: 'RenderError', message: RENDER_MESSAGES.timedOut, retryable: true })
    expect((error as RenderError).detail).toMatch(/200 ms: starting/)
  })

  it('stops when the signal aborts', async () => {
    const slow = fakeBinary('slow2', 'sleep 10')
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    await expect(runFfmpeg(slow, [], { signal: controller.signal })).rejects.toMatchObject({
      message: RENDER_MESSAGES.stopped,
      retryable: true,
    })
  })

  it('an unreadable input is final; another failure may pass next time', async () => {
    const corrupt = fakeBinary('corrupt', 'echo "file:/m/a.mp4: Invalid data found when processing input" >&2; exit 1')
    const error = await runFfmpeg(corrupt, [], {}).catch((e: unknown) => e)
    expect(error).toMatchObject({ message: RENDER_MESSAGES.unreadableSource, retryable: false })
    expect((error as RenderError).detail).toBe(
      'ffmpeg exited with 1: file:/m/a.mp4: Invalid data found when processing input',
    )

    const full = fakeBinary('full', 'echo "No space left on device" >&2; exit 1')
    await expect(runFfmpeg(full, [], {})).rejects.toMatchObject({ message: RENDER_MESSAGES.failed, retryable: true })
  })

  it('a missing binary is a retryable RenderError', async () => {
    await expect(runFfmpeg(path.join(dir, 'nope'), [], {})).rejects.toMatchObject({
      message: RENDER_MESSAGES.failed,
      retryable: true,
      detail: expect.stringMatching(/could not be started/),
    })
  })
})

describe('failureFromExit', () => {
  it('keeps only the tail of stderr as the detail', () => {
    const error = failureFromExit(null, 'SIGSEGV', `${'x'.repeat(10_000)}end`)
    expect(error.detail.length).toBeLessThan(4_100)
    expect(error.detail).toMatch(/^ffmpeg exited with SIGSEGV: x+end$/)
    expect(error.retryable).toBe(true)
  })

  it.each(['moov atom not found', "Stream specifier ':a' in filtergraph description matches no streams."])(
    'treats "%s" as an unreadable input',
    (stderr) => {
      expect(failureFromExit(1, null, stderr).retryable).toBe(false)
    },
  )
})

describe('ffprobeBeside', () => {
  it('finds ffprobe next to ffmpeg', () => {
    expect(ffprobeBeside('/usr/bin/ffmpeg')).toBe('/usr/bin/ffprobe')
    expect(ffprobeBeside('ffmpeg')).toBe('ffprobe')
    expect(ffprobeBeside('./bin/ffmpeg')).toBe('bin/ffprobe')
  })
})
