import { randomBytes, randomInt, randomUUID } from 'node:crypto'

/** Identifier shapes copied from the doc examples (tiktok-api.md §1.4, §3.2, §3.7, §7). All are opaque to clients. */

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

function alnum(length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += ALNUM[randomInt(ALNUM.length)]
  return out
}

export function digits(length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += String(randomInt(10))
  return out
}

export function hex(bytes: number): string {
  return randomBytes(bytes).toString('hex')
}

/** `YYYYMMDDhhmmss` (UTC) + 20 upper-case hex characters, like "202206221854370101130062072500FFA2". */
export function logId(nowMs: number): string {
  const stamp = new Date(nowMs).toISOString().replace(/[-:T]/g, '').slice(0, 14)
  return stamp + randomBytes(10).toString('hex').toUpperCase()
}

/** Real tokens carry `!` (e.g. `act.…!4022.va`), which exercises form encoding in refresh and revoke requests. */
export function accessToken(): string {
  return `act.${hex(16)}${alnum(24)}!${digits(4)}.va`
}

export function refreshToken(): string {
  return `rft.${hex(16)}${alnum(24)}!${digits(4)}.va`
}

/** Codes contain `*` and `!`, so a client that forgets to URL-decode the callback value fails (S3). */
export function authorizationCode(): string {
  return `${alnum(40)}*${alnum(3)}!${digits(4)}.va`
}

/** Doc example: "723f24d7-e717-40f8-a2b6-cb8464cd23b4" (tiktok-api.md §2). */
export function openId(): string {
  return randomUUID()
}

export function unionId(): string {
  return randomUUID()
}

export function grantId(): string {
  return `grant_${hex(12)}`
}

export function publishId(source: 'FILE_UPLOAD' | 'PULL_FROM_URL', mode: 'direct' | 'inbox'): string {
  const n = digits(18)
  if (mode === 'inbox') return source === 'FILE_UPLOAD' ? `v_inbox_file~v2.${n}` : `v_inbox_url~v2.${n}`
  return source === 'FILE_UPLOAD' ? `v_pub_file~v2-1.${n}` : `v_pub_url~v2.${n}`
}

/** Photo posts are always PULL_FROM_URL (tiktok-api.md §3.10); shaped like the video ids with a `p_` for photo. */
export function photoPublishId(mode: 'direct' | 'inbox'): string {
  const n = digits(18)
  return mode === 'inbox' ? `p_inbox_url~v2.${n}` : `p_pub_url~v2.${n}`
}

/** 19-digit post/video id starting with 7, above Number.MAX_SAFE_INTEGER like real ones (tiktok-api.md §3.7 C2). */
export function postId(): string {
  return `7${digits(18)}`
}

export function uploadId(): string {
  return hex(16)
}

export function uploadToken(): string {
  return randomBytes(24).toString('base64url')
}
