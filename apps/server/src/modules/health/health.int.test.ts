import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../testing/test-runtime'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

describe('health, app info and the API reference', () => {
  it('reports database and queue status', async () => {
    const res = await server.runtime.http!.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      status: 'ok',
      database: { status: 'up', kind: server.kind },
      queue: {
        status: 'up',
        queues: [
          'mail.send',
          'tiktok.refresh-tokens',
          'post.publish',
          'post.poll',
          'post.upload',
          'post.sweep',
          'video.render',
          'video.sweep',
          'slideshow.render',
          'slideshow.export',
          'slideshow.sweep',
          'automation.plan',
          'automation.slot',
          'automation.sweep',
          'analytics.sweep',
          'analytics.sync',
          'notifications.approval-reminders',
          'notifications.digest',
          'media.orphan-sweep',
        ],
      },
    })
  })

  it('reports 503 when the database is gone', async () => {
    const other = await startTestServer()
    await other.runtime.database.close()
    const res = await other.runtime.http!.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } })
    await other.runtime.http!.close()
    await other.runtime.queue.stop().catch(() => undefined)
  })

  it('tells the web the support address, and that the sandbox, dev outbox and offline AI are in use', async () => {
    const res = await server.runtime.http!.inject({ method: 'GET', url: '/api/app-info' })
    expect(res.json()).toEqual({
      supportEmail: 'support@hookpost.app',
      devOutbox: true,
      tiktokSandbox: true,
      ai: { writer: 'offline', images: 'offline' },
    })
  })

  it('serves an OpenAPI document declaring every route with its schemas', async () => {
    const res = await server.runtime.http!.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> }
    expect(doc.openapi).toBe('3.1.0')
    for (const route of [
      '/api/auth/sign-up',
      '/api/auth/sign-in',
      '/api/auth/sign-out',
      '/api/auth/session',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/profile',
      '/api/health',
      '/api/app-info',
      '/api/generate',
      '/api/transform-to-video',
      '/api/automation/',
      '/api/automation/run-now',
      '/api/slideshows/',
      '/api/slideshows/{id}',
      '/api/generate/slideshow',
    ]) {
      expect(doc.paths[route], route).toBeDefined()
    }
    expect(doc.paths['/api/auth/sign-up']?.post?.requestBody).toBeDefined()
    const page = await server.runtime.http!.inject({ method: 'GET', url: '/api/docs' })
    expect([200, 302]).toContain(page.statusCode)
  })

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await server.runtime.http!.inject({ method: 'GET', url: '/api/nope' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' })
  })
})
