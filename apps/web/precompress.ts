import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)
/** What the server sends as text; fonts, images and source maps (read by devtools only) are left as they are. */
const PRECOMPRESSED = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/

/**
 * Writes `<file>.br` and `<file>.gz` beside each text file under `dir` (ADR 025): the server sends them as they are
 * (@fastify/static `preCompressed`), so the build goes out at brotli's best (quality 11: seconds for the whole build,
 * far too slow per request) and no request spends CPU compressing a file that never changes. Files under 1 KiB and
 * ones that would not shrink are left alone, as the server does with its own answers. Vite's manifest is skipped.
 */
export async function precompressDir(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries
    .filter((e) => e.isFile() && PRECOMPRESSED.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`))
  await Promise.all(files.map(precompressFile))
}

async function precompressFile(file: string): Promise<void> {
  const raw = await readFile(file)
  if (raw.length < 1024) return
  const [br, gzipped] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gz(raw, { level: 9 }),
  ])
  if (br.length < raw.length) await writeFile(`${file}.br`, br)
  if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped)
}
