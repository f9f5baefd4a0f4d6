import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildSandboxApp, sandboxOf } from '../app'
import {
  ADMIN,
  bearer,
  connect,
  fetchStatus,
  makeSandbox,
  postVideo,
  TestClock,
  testClient,
  tokenRequest,
} from '../testing/harness'
import { StateStore, STATE_FILE } from './store'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-test-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('persistence', () => {
  it('keeps creators, tokens and publishes across a restart with the same dataDir', async () => {
    const clock = new TestClock()
    const first = await makeSandbox({ dataDir: dir, processingMs: 3000, moderationMs: 2000 }, clock)
    const c = await connect(first.app, { username: 'persisted' })
    const publishId = await postVideo(first.app, c.accessToken)
    await first.close()
    expect(existsSync(path.join(dir, STATE_FILE))).toBe(true)

    const second = await makeSandbox({ dataDir: dir, processingMs: 3000, moderationMs: 2000 }, clock)
    try {
      const creators = await second.app.inject({ method: 'GET', url: '/sandbox/admin/creators', headers: ADMIN })
      expect(creators.json().creators.map((x: { username: string }) => x.username)).toEqual(['persisted'])
      const info = await second.app.inject({
        method: 'GET',
        url: '/v2/user/info/?fields=open_id',
        headers: bearer(c.accessToken),
      })
      expect(info.json().data.user.open_id).toBe(c.openId)
      expect((await fetchStatus(second.app, c.accessToken, publishId)).json().data.status).toBe('PROCESSING_UPLOAD')
      // The timeline lives in the record, so it continues after the restart.
      clock.advance(5000)
      const done = await fetchStatus(second.app, c.accessToken, publishId)
      expect(done.json().data.status).toBe('PUBLISH_COMPLETE')
      expect(done.body).toMatch(/"publicaly_available_post_id":\[7\d{18}\]/)
      const refreshed = await tokenRequest(second.app, { grant_type: 'refresh_token', refresh_token: c.refreshToken })
      expect(refreshed.statusCode).toBe(200)
      const media = await second.app.inject({
        method: 'GET',
        url: `/media/${sandboxOf(second.app).state.publishes[publishId]?.fileName}`,
      })
      expect(media.statusCode).toBe(200)
      expect(media.rawPayload.subarray(4, 8).toString()).toBe('ftyp')
    } finally {
      await second.close()
    }
  })

  it('writes state.json atomically and leaves no temp files; serialised saves all land', async () => {
    const store = await StateStore.open(dir)
    const saves = []
    for (let i = 0; i < 20; i++) {
      store.state.creators[`c${i}`] = {
        openId: `c${i}`,
        unionId: 'u',
        displayName: 'd',
        username: `u${i}`,
        bioDescription: '',
        isVerified: false,
        isPrivate: false,
        commentDisabled: false,
        duetDisabled: false,
        stitchDisabled: false,
        maxVideoPostDurationSec: 600,
        banned: false,
        createdAt: 0,
      }
      saves.push(store.save())
    }
    await Promise.all(saves)
    const saved = JSON.parse(await readFile(path.join(dir, STATE_FILE), 'utf8'))
    expect(Object.keys(saved.creators)).toHaveLength(20)
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })

  it('refuses to start on a corrupt state.json instead of overwriting it', async () => {
    await writeFile(path.join(dir, STATE_FILE), '{"version": 1, "creators": ')
    await expect(buildSandboxApp({ clients: [testClient()], dataDir: dir })).rejects.toThrow(/not valid JSON/)
    expect(await readFile(path.join(dir, STATE_FILE), 'utf8')).toBe('{"version": 1, "creators": ')
  })

  it('removes its temporary data dir on close when no dataDir is given', async () => {
    const t = await makeSandbox()
    const tmp = path.dirname(sandboxOf(t.app).filesDir)
    expect(existsSync(tmp)).toBe(true)
    await t.close()
    expect(existsSync(tmp)).toBe(false)
  })
})

describe('main.ts', () => {
  it('starts from the environment, prints its URL and flushes state on SIGTERM', async () => {
    const main = fileURLToPath(new URL('../main.ts', import.meta.url))
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        SANDBOX_PORT: '0',
        SANDBOX_PUBLIC_URL: 'http://localhost:4999',
        SANDBOX_DATA_DIR: dir,
        SANDBOX_CLIENT_SECRET: 'main-secret',
        SANDBOX_REDIRECT_URIS: 'http://localhost:3000/auth/tiktok/callback',
        SANDBOX_FFPROBE_PATH: '',
        SANDBOX_VERIFIED_URL_PREFIXES: 'http://localhost:3000, https://media.example.com/hookpost/',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (out += d.toString()))
    try {
      for (let i = 0; i < 300 && !out.includes('listening'); i++) await new Promise((r) => setTimeout(r, 50))
      expect(out.trim()).toBe('TikTok sandbox listening on http://localhost:4999')
    } finally {
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    }
    const saved = JSON.parse(await readFile(path.join(dir, STATE_FILE), 'utf8'))
    expect(saved.urlProperties['hookpost-sandbox'].map((p: { value: string }) => p.value)).toEqual([
      'http://localhost:3000/',
      'https://media.example.com/hookpost/',
    ])
  }, 20_000)

  it('exits with a message when the secret is missing', async () => {
    const main = fileURLToPath(new URL('../main.ts', import.meta.url))
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        SANDBOX_CLIENT_SECRET: '',
        SANDBOX_REDIRECT_URIS: 'http://localhost:3000/cb',
        SANDBOX_DATA_DIR: dir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let err = ''
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(code).toBe(1)
    expect(err).toContain('SANDBOX_CLIENT_SECRET is required')
  }, 20_000)
})
