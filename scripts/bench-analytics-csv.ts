/**
 * The CSV download of `npm run bench:analytics` (issue 31 item 4, ADR 055), measured over a real socket, as a browser
 * downloads it: time to the first body byte and to the last, and how much the server process's memory (JavaScript
 * heap plus buffers) rose above where it stood when the request left, sampled every 2 ms. Goal: first byte ≤ 100 ms
 * p99 for 365 days of a 10,000-post account, and memory that does not grow with the number of rows.
 */
import { request } from 'node:http'
import type { FastifyInstance } from 'fastify'

export interface CsvResult {
  endpoint: string
  firstByteP50: number
  firstByteP99: number
  wholeP50: number
  wholeP99: number
  /** The largest rise of heap + array buffers during one download, in bytes. */
  peakMemory: number
  bytes: number
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!

const memoryNow = () => {
  const m = process.memoryUsage()
  return m.heapUsed + m.arrayBuffers
}

/** One download: first byte and end in ms since the request left, bytes received, the highest memory rise seen. */
function download(port: number, url: string, cookie: string) {
  return new Promise<{ firstByte: number; whole: number; bytes: number; peak: number }>((resolve, reject) => {
    const base = memoryNow()
    let peak = 0
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryNow() - base)
    }, 2)
    const started = performance.now()
    let firstByte = 0
    let bytes = 0
    const req = request({ host: '127.0.0.1', port, path: url, headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) {
        clearInterval(sampler)
        res.resume()
        reject(new Error(`${url} answered ${res.statusCode}`))
        return
      }
      // Each chunk is counted and dropped, as a browser writing to disk would: what stays in memory is the server's.
      res.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstByte = performance.now() - started
        bytes += chunk.length
      })
      res.on('end', () => {
        clearInterval(sampler)
        peak = Math.max(peak, memoryNow() - base)
        resolve({ firstByte, whole: performance.now() - started, bytes, peak })
      })
      res.on('error', (err) => {
        clearInterval(sampler)
        reject(err)
      })
    })
    req.on('error', (err) => {
      clearInterval(sampler)
      reject(err)
    })
    req.end()
  })
}

export async function benchCsv(
  http: FastifyInstance,
  cookie: string,
  endpoints: [string, string][],
  runs: number,
): Promise<CsvResult[]> {
  await http.listen({ host: '127.0.0.1', port: 0 })
  const address = http.server.address()
  if (address === null || typeof address === 'string') throw new Error('the bench server has no TCP port')
  const results: CsvResult[] = []
  for (const [endpoint, url] of endpoints) {
    for (let i = 0; i < 10; i++) await download(address.port, url, cookie)
    const firstBytes: number[] = []
    const wholes: number[] = []
    let peakMemory = 0
    let bytes = 0
    for (let i = 0; i < runs; i++) {
      const one = await download(address.port, url, cookie)
      firstBytes.push(one.firstByte)
      wholes.push(one.whole)
      peakMemory = Math.max(peakMemory, one.peak)
      bytes = one.bytes
    }
    firstBytes.sort((a, b) => a - b)
    wholes.sort((a, b) => a - b)
    results.push({
      endpoint,
      firstByteP50: quantile(firstBytes, 0.5),
      firstByteP99: quantile(firstBytes, 0.99),
      wholeP50: quantile(wholes, 0.5),
      wholeP99: quantile(wholes, 0.99),
      peakMemory,
      bytes,
    })
  }
  return results
}

export function formatCsvResult(kind: string, r: CsvResult): string {
  const ms = (v: number) => `${v.toFixed(1).padStart(7)} ms`
  return (
    `  ${kind.padEnd(9)} ${r.endpoint.padEnd(24)} first byte p50 ${ms(r.firstByteP50)}  p99 ${ms(r.firstByteP99)}` +
    `  whole p50 ${ms(r.wholeP50)}  p99 ${ms(r.wholeP99)}  memory +${(r.peakMemory / 2 ** 20).toFixed(1).padStart(5)} MiB` +
    `  ${(r.bytes / 1024).toFixed(0).padStart(5)} KiB`
  )
}
