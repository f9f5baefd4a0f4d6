import { spawn } from 'node:child_process'
import { rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { OUTPUT_FRAME } from '@hookpost/shared'
import { parseProbe, runFfprobe, type ProbeFacts } from '../inspect'
import { RENDER_MESSAGES } from './messages'
import { writeOverlayImage } from './overlay-image'
import { createProgressParser, throttleProgress } from './progress'
import {
  buildRenderArgs,
  outputFrames,
  overlayGroups,
  RENDER_AUDIO,
  RENDER_ENCODER,
  segmentOverlays,
  segmentTimes,
  thumbnailArgs,
  type EncoderSettings,
} from './render-args'
import { RenderError, type RenderOptions, type RenderPlan, type RenderResult } from './types'

/**
 * Renders a plan (docs/architecture.md "Media pipeline"): overlay PNGs into `workDir`, one ffmpeg run for the video
 * (progress parsed from `-progress`, killed on timeout or abort), one for the thumbnail, then ffprobe checks what came
 * out. Every failure is a RenderError whose message can be shown as it is.
 */

/** The thumbnail is one frame near the start: it never needs long. */
const THUMBNAIL_TIMEOUT_MS = 30_000
const STDERR_TAIL_CHARS = 4_000

/** Not part of the videos module's contract: the bench tries other encoder settings through it. */
export interface RenderTuning {
  encoder?: EncoderSettings
}

export async function renderVideo(
  plan: RenderPlan,
  opts: RenderOptions,
  tuning: RenderTuning = {},
): Promise<RenderResult> {
  const started = performance.now()
  // One budget for the whole attempt (the spec's 180 s): drawing, the render and the thumbnail share it.
  const remaining = () =>
    opts.timeoutMs === undefined ? undefined : Math.max(1, opts.timeoutMs - (performance.now() - started))
  throwIfStopped(opts.signal)
  const frames = outputFrames(plan)
  const overlays = segmentOverlays(plan)
  const times = segmentTimes(plan)
  const writeGroups = (segment: 'hook' | 'demo') =>
    Promise.all(
      overlayGroups(overlays[segment], times[segment].startMs, times[segment].ms).map(async (group, i) => {
        const file = await writeOverlayImage(group.overlays, path.join(plan.workDir, `overlay-${segment}-${i}.png`))
        return file === null ? [] : [{ path: file, startMs: group.startMs, endMs: group.endMs }]
      }),
    ).then((lists) => lists.flat())
  const [hookPngs, demoPngs] = await Promise.all([writeGroups('hook'), writeGroups('demo')])
  const pngs = { hook: hookPngs, demo: demoPngs }
  const progress = throttleProgress(opts.onProgress)
  const parser = createProgressParser(frames, (percent) => progress.report(percent))

  try {
    const ffmpegStarted = performance.now()
    await runFfmpeg(opts.ffmpegPath, buildRenderArgs(plan, pngs, { encoder: tuning.encoder ?? RENDER_ENCODER }), {
      timeoutMs: remaining(),
      signal: opts.signal,
      onStdout: (chunk) => parser.push(chunk),
    })
    await runFfmpeg(opts.ffmpegPath, thumbnailArgs(plan.outputPath, plan.thumbnailPath, frames), {
      timeoutMs: Math.min(THUMBNAIL_TIMEOUT_MS, remaining() ?? THUMBNAIL_TIMEOUT_MS),
      signal: opts.signal,
    }).catch((err: unknown) => {
      // Our own output failing to decode says nothing about the sources: worth another attempt.
      if (err instanceof RenderError && !err.retryable) {
        throw new RenderError(RENDER_MESSAGES.failed, `thumbnail: ${err.detail}`, true)
      }
      throw err
    })
    const elapsedMs = Math.round(performance.now() - ffmpegStarted)
    const facts = await probeOutput(plan.outputPath, opts.ffprobePath ?? ffprobeBeside(opts.ffmpegPath))
    const { size } = await stat(plan.outputPath)
    progress.finish()
    return {
      durationMs: Math.round((facts.durationSec ?? frames / OUTPUT_FRAME.fps) * 1000),
      width: facts.video?.width ?? OUTPUT_FRAME.width,
      height: facts.video?.height ?? OUTPUT_FRAME.height,
      sizeBytes: size,
      elapsedMs,
    }
  } catch (err) {
    // A half-written file must not pass for a render.
    await Promise.all([rm(plan.outputPath, { force: true }), rm(plan.thumbnailPath, { force: true })])
    throw err
  }
}

/** `/usr/bin/ffmpeg` → `/usr/bin/ffprobe`; a bare `ffmpeg` → `ffprobe` (found on PATH like ffmpeg). */
export function ffprobeBeside(ffmpegPath: string): string {
  const dir = path.dirname(ffmpegPath)
  const name = path.basename(ffmpegPath).replace(/ffmpeg/i, 'ffprobe')
  return dir === '.' && !ffmpegPath.startsWith('.') ? name : path.join(dir, name)
}

async function probeOutput(filePath: string, ffprobePath: string): Promise<ProbeFacts> {
  const probe = await runFfprobe(filePath, { ffprobePath, container: 'mp4' })
  if (!probe.ok)
    throw new RenderError(RENDER_MESSAGES.failed, `ffprobe of the output: ${probe.reason}: ${probe.detail}`, true)
  let facts: ProbeFacts
  try {
    facts = parseProbe(probe.json)
  } catch {
    throw new RenderError(RENDER_MESSAGES.failed, 'ffprobe of the output: unexpected output', true)
  }
  const v = facts.video
  if (
    v?.codec !== 'h264' ||
    v.width !== OUTPUT_FRAME.width ||
    v.height !== OUTPUT_FRAME.height ||
    facts.audioCodec !== RENDER_AUDIO.codec
  ) {
    const found = v ? `${v.codec} ${v.width}×${v.height}` : 'no video'
    throw new RenderError(RENDER_MESSAGES.failed, `the output is ${found}, audio ${facts.audioCodec ?? 'none'}`, true)
  }
  return facts
}

function throwIfStopped(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new RenderError(RENDER_MESSAGES.stopped, 'stopped before ffmpeg started', true)
}

/**
 * ffmpeg's stderr says the input cannot be read: running again cannot help. Anything else (killed, out of disk or
 * memory) may pass next time.
 */
const UNREADABLE_INPUT = [
  'Invalid data found when processing input',
  'moov atom not found',
  'could not find codec parameters',
  'does not contain any stream',
  'matches no streams',
  'Decoder (codec',
  'No such file or directory',
]

export function failureFromExit(code: number | null, signal: NodeJS.Signals | null, stderr: string): RenderError {
  const tail = stderr.trim().slice(-STDERR_TAIL_CHARS)
  const detail = `ffmpeg exited with ${code ?? signal}: ${tail}`
  const unreadable = UNREADABLE_INPUT.some((needle) => tail.toLowerCase().includes(needle.toLowerCase()))
  return unreadable
    ? new RenderError(RENDER_MESSAGES.unreadableSource, detail, false)
    : new RenderError(RENDER_MESSAGES.failed, detail, true)
}

interface RunOptions {
  timeoutMs?: number
  signal?: AbortSignal
  onStdout?: (chunk: string) => void
}

/** Spawns ffmpeg without a shell; resolves on exit 0, otherwise rejects with a RenderError. */
export function runFfmpeg(ffmpegPath: string, args: string[], options: RunOptions): Promise<void> {
  throwIfStopped(options.signal)
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { shell: false, stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    let stopped: RenderError | undefined
    const stop = (error: RenderError) => {
      stopped ??= error
      child.kill('SIGKILL')
    }
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(
            () =>
              stop(
                new RenderError(
                  RENDER_MESSAGES.timedOut,
                  `ffmpeg ran longer than ${options.timeoutMs} ms: ${stderr.trim().slice(-STDERR_TAIL_CHARS)}`,
                  true,
                ),
              ),
            options.timeoutMs,
          )
    const onAbort = () => stop(new RenderError(RENDER_MESSAGES.stopped, 'stopped by the caller', true))
    options.signal?.addEventListener('abort', onAbort)
    const done = () => {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
    }

    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => options.onStdout?.(chunk))
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS)
    })
    child.on('error', (err) => {
      done()
      reject(
        new RenderError(RENDER_MESSAGES.failed, `ffmpeg could not be started (${ffmpegPath}): ${err.message}`, true),
      )
    })
    // Killed: settle at once, even if something the process started still holds its output pipes open.
    child.on('exit', () => {
      if (!stopped) return
      done()
      reject(stopped)
    })
    child.on('close', (code, signal) => {
      done()
      if (stopped) return reject(stopped)
      if (code !== 0) return reject(failureFromExit(code, signal, stderr))
      resolve()
    })
  })
}
