import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ffprobeArgs, runFfprobe } from './ffprobe'

const dir = mkdtempSync(path.join(tmpdir(), 'ffprobe-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A stand-in ffprobe: a shell script, so the runner's handling of exits, output and hangs is tested without media. */
function fakeFfprobe(name: string, script: string): string {
  const file = path.join(dir, name)
  writeFileSync(file, `#!/bin/sh\n${script}\n`)
  chmodSync(file, 0o755)
  return file
}

describe('ffprobeArgs', () => {
  it('asks for JSON format and streams, local files only, with the sniffed demuxer forced', () => {
    expect(ffprobeArgs('/data/uploads/.claimed/abc', 'mp4')).toEqual([
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      '-protocol_whitelist',
      'file',
      '-f',
      'mov',
      'file:/data/uploads/.claimed/abc',
    ])
    expect(ffprobeArgs('/x', 'webm')).toContain('matroska')
  })

  it('keeps a hostile file name one plain argument', () => {
    const args = ffprobeArgs('/tmp/-i http:evil; rm -rf ~')
    expect(args.at(-1)).toBe('file:/tmp/-i http:evil; rm -rf ~')
  })
})

describe('runFfprobe', () => {
  it('passes the arguments as an array and parses the JSON it prints', async () => {
    const bin = fakeFfprobe('echo-args', 'printf \'{"args":"%s"}\' "$*"')
    const result = await runFfprobe('/tmp/a b.mp4', { ffprobePath: bin, container: 'mov' })
    expect(result).toEqual({ ok: true, json: { args: ffprobeArgs('/tmp/a b.mp4', 'mov').join(' ') } })
  })

  it('reports a non-zero exit with what ffprobe said', async () => {
    const bin = fakeFfprobe('fails', 'echo "moov atom not found" >&2; exit 1')
    expect(await runFfprobe('/x', { ffprobePath: bin })).toEqual({
      ok: false,
      reason: 'exit',
      detail: 'exit 1: moov atom not found',
    })
  })

  it('reports output that is not JSON', async () => {
    const bin = fakeFfprobe('garbage', 'echo "not json"')
    expect(await runFfprobe('/x', { ffprobePath: bin })).toMatchObject({ ok: false, reason: 'invalid-json' })
  })

  it('kills ffprobe when it hangs past the timeout', async () => {
    const bin = fakeFfprobe('hangs', 'exec sleep 30')
    const started = Date.now()
    expect(await runFfprobe('/x', { ffprobePath: bin, timeoutMs: 200 })).toMatchObject({
      ok: false,
      reason: 'timeout',
    })
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('throws when ffprobe is not installed (our problem, not the video’s)', async () => {
    await expect(runFfprobe('/x', { ffprobePath: path.join(dir, 'missing') })).rejects.toThrow(
      /ffprobe could not be started/,
    )
  })
})
