import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { jpegHeaderBytes, MAX_PHOTO_BYTES, webpHeaderBytes } from '../domain/image-check'

/**
 * A real HTTP server for PULL_FROM_URL tests (the sandbox downloads over the network like TikTok does):
 * `/img/ok-<n>.jpg` (1080×1920 JPEG), `/img/ok.webp`, `/img/moved.jpg` (302), `/img/missing.jpg` (404),
 * `/img/hang.jpg` (never finishes), `/img/text.jpg` (not an image, though labelled image/jpeg), `/img/wide.jpg`
 * (4000×3000), `/img/heavy.jpg` (just over 20 MB).
 */
export interface ImageServer {
  origin: string
  /** Every request path, in order. */
  requests: string[]
  close(): Promise<void>
}

export async function startImageServer(): Promise<ImageServer> {
  const requests: string[] = []
  const hanging: Array<() => void> = []
  const server: Server = createServer((req, res) => {
    const url = req.url ?? ''
    requests.push(url)
    const send = (body: Buffer, type = 'image/jpeg') => res.writeHead(200, { 'content-type': type }).end(body)
    if (/^\/img\/ok-\d+\.jpg$/.test(url)) return send(jpegHeaderBytes(1080, 1920, 4096))
    if (url === '/img/ok.webp') return send(webpHeaderBytes(1080, 1920), 'image/webp')
    if (url === '/img/moved.jpg') return res.writeHead(302, { location: '/img/ok-1.jpg' }).end()
    if (url === '/img/text.jpg') return send(Buffer.from('this is not a picture at all'))
    if (url === '/img/wide.jpg') return send(jpegHeaderBytes(4000, 3000))
    if (url === '/img/heavy.jpg') return send(jpegHeaderBytes(1080, 1920, MAX_PHOTO_BYTES + 1))
    if (url === '/img/hang.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' })
      res.write(jpegHeaderBytes(1080, 1920).subarray(0, 10))
      hanging.push(() => res.end())
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    requests,
    close: async () => {
      for (const end of hanging) end()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** Polls until `check` holds (background downloads finish on their own time), failing after ~5 s. */
export async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error('waitFor: the condition never held')
}
