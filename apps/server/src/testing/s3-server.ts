import { fork } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The account s3rver accepts (it checks signatures against it). */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export interface TestS3Server {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: true
  /** Where s3rver keeps the bucket's objects (`<directory>/<bucket>/…`), for tests that look behind the API. */
  directory: string
  /** The STORAGE/S3_* variables that point the app's config at this server. */
  env: Record<string, string>
  stop(): Promise<void>
}

/**
 * An S3-compatible server for one test file (or the e2e server): s3rver on 127.0.0.1 and a free port, in its own
 * process (s3rver-process.mjs says why), one bucket whose CORS lets a browser GET and HEAD from any origin with
 * Range (videos play from presigned URLs), its objects in a temp folder that `stop` removes. Starts in about a third
 * of a second.
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'hookpost-test'
  const directory = mkdtempSync(path.join(tmpdir(), 'hookpost-s3-'))
  const script = fileURLToPath(new URL('./s3rver-process.mjs', import.meta.url))
  const child = fork(script, [directory, bucket], {
    execArgv: ['--openssl-legacy-provider'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let port: number
  try {
    port = await new Promise<number>((resolve, reject) => {
      child.once('message', (message) => resolve((message as { port: number }).port))
      child.once('error', reject)
      child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code} before listening`)))
    })
  } catch (err) {
    rmSync(directory, { recursive: true, force: true })
    throw err
  }
  const endpoint = `http://127.0.0.1:${port}`
  const region = 'us-east-1'
  return {
    endpoint,
    bucket,
    region,
    ...CREDENTIALS,
    forcePathStyle: true,
    directory,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
