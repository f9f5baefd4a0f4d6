import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import { createCanvas } from '@napi-rs/canvas'
import { eq } from 'drizzle-orm'
import { photoSet, slideshow } from '../../../db/schema'
import type { TestServer } from '../../../testing/test-runtime'

/*
 * Photo posts without the slideshow studio (issue 29): small JPEGs drawn with @napi-rs/canvas, written to media storage
 * and recorded as a processed slideshow's photo set, as the studio's render would leave them; and the test server made
 * reachable over HTTP at its PUBLIC_URL, so the sandbox can really pull the images.
 */

/** A 108×192 JPEG whose colour and label say which slide it is. */
export function slideJpeg(index: number): Buffer {
  const canvas = createCanvas(108, 192)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = `hsl(${(index * 67) % 360}, 70%, 50%)`
  ctx.fillRect(0, 0, 108, 192)
  ctx.fillStyle = '#fff'
  ctx.font = '32px sans-serif'
  ctx.fillText(String(index + 1), 40, 100)
  return canvas.toBuffer('image/jpeg')
}

/** A processed slideshow of `count` slides for `userId`, with its photo set in media storage. */
export async function storeSlideshow(server: TestServer, userId: string, count = 3, title = 'Five habits') {
  const setId = crypto.randomUUID()
  const images = []
  for (let i = 0; i < count; i++) {
    const bytes = slideJpeg(i)
    const storageKey = `${userId}/photos-${setId}-${i}.jpg`
    await server.runtime.mediaStorage.write(storageKey, bytes)
    images.push({ storageKey, width: 108, height: 192, sizeBytes: bytes.length, contentType: 'image/jpeg' as const })
  }
  const { db } = server.runtime.database
  const [show] = await db
    .insert(slideshow)
    .values({ userId, title, slides: [], state: 'processed', progress: 100, processedAt: new Date() })
    .returning()
  await db.insert(photoSet).values({ id: setId, userId, slideshowId: show!.id, images, coverIndex: 0 })
  const [updated] = await db.update(slideshow).set({ photoSetId: setId }).where(eq(slideshow.id, show!.id)).returning()
  return { slideshowId: updated!.id, photoSetId: setId, images }
}

/**
 * Serves the test server (which answers through `inject`) on a real port, so the sandbox can fetch its public photo
 * URLs. The test server's PUBLIC_URL is http://localhost:3999, the callback the sandbox's client is registered with.
 */
export async function listenAtPublicUrl(world: { server: TestServer }, port = 3999): Promise<Server> {
  const http = createServer((req, res) => {
    const app = world.server.runtime.http
    if (!app) {
      res.writeHead(503).end()
      return
    }
    void app
      .inject({ method: req.method as 'GET', url: req.url ?? '/', headers: req.headers as Record<string, string> })
      .then((answer) => {
        res.writeHead(answer.statusCode, answer.headers as Record<string, string>)
        res.end(answer.rawPayload)
      })
      .catch(() => res.writeHead(500).end())
  })
  // The two photo test files serve this one port (the sandbox's registered PUBLIC_URL) and may run side by side:
  // the second waits until the first has let it go.
  const until = Date.now() + PORT_WAIT_MS
  for (;;) {
    try {
      http.listen(port)
      await once(http, 'listening')
      return http
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || Date.now() > until) throw err
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
}

/** How long `listenAtPublicUrl` waits for the port; the callers' beforeAll allow a little more. */
export const PORT_WAIT_MS = 280_000
