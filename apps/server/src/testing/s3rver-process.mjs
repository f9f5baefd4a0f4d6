// A throwaway S3-compatible server (s3rver) for tests and the e2e server, run as its own Node process by
// s3-server.ts and scripts/e2e-server.mjs. Its own process because s3rver's ListObjectsV2 continuation tokens use
// DES, which OpenSSL 3 only offers with --openssl-legacy-provider (a flag for this process alone, not the app's).
// Arguments: <data directory> <bucket>; sends { port } over IPC once listening, or prints `S3RVER_PORT=<port>` when
// started without IPC. Stops on SIGTERM or when its parent goes away.
import S3rver from 's3rver'

const [directory, bucket] = process.argv.slice(2)
if (!directory || !bucket) {
  console.error('usage: s3rver-process.mjs <directory> <bucket>')
  process.exit(2)
}

// The browser plays videos from presigned URLs: GET/HEAD from any origin, Range allowed and answered.
const cors = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>Accept-Ranges</ExposeHeader>
    <ExposeHeader>Content-Range</ExposeHeader>
    <ExposeHeader>Content-Length</ExposeHeader>
    <ExposeHeader>Content-Type</ExposeHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`

const server = new S3rver({
  address: '127.0.0.1',
  port: Number(process.env.S3RVER_PORT ?? 0),
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [cors] }],
})
const { port } = await server.run()
if (process.send) process.send({ port })
else console.log(`S3RVER_PORT=${port}`)

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  await server.close().catch(() => undefined)
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
process.on('disconnect', stop)
