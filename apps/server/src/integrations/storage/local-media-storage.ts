import { createReadStream, mkdirSync } from 'node:fs'
import { copyFile, mkdir, opendir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { checkStorageKey, StorageKeyError, StorageNotFoundError, type MediaStorage, type StoredObject } from './port'

export { StorageKeyError, type MediaStorage } from './port'

/**
 * Media storage on the local disk (`STORAGE=local`, the default): `<root>/<key>`. Every api and worker process must
 * share this disk. `absolutePath` is for this store's own tests and tools; the app reads through the port.
 */
export type LocalMediaStorage = MediaStorage & { absolutePath(key: string): string }

export function createLocalMediaStorage(root: string): LocalMediaStorage {
  const base = path.resolve(root)
  mkdirSync(base, { recursive: true })

  function resolve(key: string): string {
    const segments = checkStorageKey(key)
    const full = path.resolve(base, ...segments)
    if (!full.startsWith(base + path.sep)) throw new StorageKeyError(key)
    return full
  }

  /** Written beside the target and renamed, so a reader never sees half a file. */
  async function writeWhole(key: string, fill: (partial: string) => Promise<void>): Promise<void> {
    const target = resolve(key)
    await mkdir(path.dirname(target), { recursive: true })
    const partial = `${target}.partial-${process.pid}-${Date.now()}`
    try {
      await fill(partial)
      await rename(partial, target)
    } catch (err) {
      await rm(partial, { force: true })
      throw err
    }
  }

  /** Files under `dir` (depth first), keys relative to the root; half-written `.partial-` files are objects too. */
  async function* walk(dir: string): AsyncGenerator<StoredObject> {
    let handle
    try {
      handle = await opendir(dir)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
      throw err
    }
    for await (const entry of handle) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) yield* walk(full)
      else if (entry.isFile()) {
        const info = await stat(full).catch(() => null)
        if (info)
          yield { key: path.relative(base, full).split(path.sep).join('/'), size: info.size, lastModified: info.mtime }
      }
    }
  }

  return {
    kind: 'local',
    async importFile(sourcePath, key) {
      const target = resolve(key)
      await mkdir(path.dirname(target), { recursive: true })
      try {
        await rename(sourcePath, target)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err
        await copyFile(sourcePath, target)
        await unlink(sourcePath)
      }
    },
    copyIn: (sourcePath, key) => writeWhole(key, (partial) => copyFile(sourcePath, partial)),
    write: (key, data) => writeWhole(key, (partial) => writeFile(partial, data)),
    absolutePath: resolve,
    async size(key) {
      try {
        const info = await stat(resolve(key))
        return info.isFile() ? info.size : null
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw err
      }
    },
    read(key, range) {
      const stream = createReadStream(resolve(key), range ? { start: range.start, end: range.end } : {})
      const destroy = stream.destroy.bind(stream)
      stream.destroy = (error?: Error) =>
        destroy((error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT' ? new StorageNotFoundError(key) : error)
      return stream
    },
    async withLocalFile(key, use) {
      const file = resolve(key)
      const info = await stat(file).catch(() => null)
      if (!info?.isFile()) throw new StorageNotFoundError(key)
      return use(file)
    },
    async presignedUrl(key) {
      resolve(key)
      return null
    },
    list(prefix) {
      return walk(prefix === undefined ? base : resolve(prefix))
    },
    async remove(key) {
      await rm(resolve(key), { force: true })
    },
    async removeFolder(prefix) {
      await rm(resolve(prefix), { recursive: true, force: true })
    },
  }
}
