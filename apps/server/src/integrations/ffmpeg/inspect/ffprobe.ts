import { spawn } from 'node:child_process'
import type { VideoContainer } from './sniff'

/**
 * Runs ffprobe on a local file (style.md rule 4: argument array, no shell, a timeout). Only integrations/ffmpeg spawns
 * media binaries. A non-zero exit, a timeout or garbage output all mean the same thing to the caller: the file cannot be
 * read. Only "ffprobe is not installed" is an error of ours, and it throws.
 */
export const FFPROBE_TIMEOUT_MS = 30_000
/** ffprobe's JSON for a normal video is a few KB; a file with thousands of streams is not something we want. */
const MAX_OUTPUT_BYTES = 4 * 1024 * 1024
const MAX_STDERR_CHARS = 2_000

/** Forcing the demuxer we sniffed stops ffprobe from guessing its way into some other format (HLS, concat, images). */
const DEMUXERS: Record<VideoContainer, string> = { mp4: 'mov', mov: 'mov', webm: 'matroska' }

export function ffprobeArgs(filePath: string, container?: VideoContainer): string[] {
  return [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    // Local files only: a container cannot make ffprobe open a URL or another file.
    '-protocol_whitelist',
    'file',
    ...(container ? ['-f', DEMUXERS[container]] : []),
    // `file:` keeps a name that starts with "-" or "proto:" a plain path.
    `file:${filePath}`,
  ]
}

export type FfprobeResult =
  | { ok: true; json: unknown }
  | { ok: false; reason: 'exit' | 'timeout' | 'output-too-large' | 'invalid-json'; detail: string }

export interface FfprobeOptions {
  ffprobePath: string
  container?: VideoContainer
  timeoutMs?: number
}

export function runFfprobe(filePath: string, options: FfprobeOptions): Promise<FfprobeResult> {
  const timeoutMs = options.timeoutMs ?? FFPROBE_TIMEOUT_MS
  return new Promise((resolve, reject) => {
    const child = spawn(options.ffprobePath, ffprobeArgs(filePath, options.container), {
      shell: false,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const stdout: Buffer[] = []
    let stdoutBytes = 0
    let stderr = ''
    let outcome: FfprobeResult | undefined
    const stop = (result: FfprobeResult) => {
      outcome ??= result
      child.kill('SIGKILL')
    }
    const timer = setTimeout(
      () => stop({ ok: false, reason: 'timeout', detail: `no answer within ${timeoutMs} ms` }),
      timeoutMs,
    )

    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length
      if (stdoutBytes > MAX_OUTPUT_BYTES)
        stop({ ok: false, reason: 'output-too-large', detail: `${stdoutBytes} bytes` })
      else stdout.push(chunk)
    })
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < MAX_STDERR_CHARS) stderr += chunk.slice(0, MAX_STDERR_CHARS - stderr.length)
    })
    child.on('error', (err) => {
      clearTimeout(timer)
      reject(new Error(`ffprobe could not be started (${options.ffprobePath}): ${err.message}`, { cause: err }))
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      if (outcome) return resolve(outcome)
      if (code !== 0) {
        return resolve({ ok: false, reason: 'exit', detail: `exit ${code ?? signal}: ${stderr.trim()}` })
      }
      try {
        resolve({ ok: true, json: JSON.parse(Buffer.concat(stdout).toString('utf8')) as unknown })
      } catch {
        resolve({ ok: false, reason: 'invalid-json', detail: stderr.trim() })
      }
    })
  })
}
