import { MESSAGES } from '@hookpost/shared/messages'
import { POST_LIMITS, VIDEO_TYPES } from '@hookpost/shared/posts'

/** What the file input offers (product.md §5: mp4, quicktime/mov, webm). The extensions help browsers that lack the types. */
export const VIDEO_ACCEPT = [...VIDEO_TYPES, '.mp4', '.mov', '.webm'].join(',')
const EXTENSIONS = ['.mp4', '.mov', '.webm']

/**
 * The checks the browser can make before sending anything: the size (product.md §5: 500 MB) and the declared type. The
 * server decides from the bytes themselves (magic bytes + ffprobe), so a renamed text file passes here and is refused
 * there with its own message.
 */
export function checkVideoFile(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  if (file.size > POST_LIMITS.fileBytes) return MESSAGES.fileTooLarge
  if (file.size === 0) return MESSAGES.videoUnreadable
  const typeOk = (VIDEO_TYPES as readonly string[]).includes(file.type)
  const extensionOk = EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext))
  // Some systems report no type, a generic one or an older alias (video/x-quicktime) for .mov/.webm: the extension
  // decides then.
  const typeVague = file.type === '' || file.type === 'application/octet-stream' || file.type.startsWith('video/')
  if (typeOk || (extensionOk && typeVague)) return null
  return MESSAGES.notAVideo
}
