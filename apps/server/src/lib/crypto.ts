import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Secrets at rest (TikTok tokens): AES-256-GCM with a random 96-bit IV per value and associated data naming where the
 * value belongs (e.g. `tiktok_account:<id>:refresh`), so a ciphertext copied into another row or column fails to open.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url) so the format can change without guessing.
 */
const VERSION = 'v1'

export interface SecretBox {
  seal(plaintext: string, context: string): string
  open(sealed: string, context: string): string
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes (64 hex characters)')
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(context, 'utf8'))
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      const tag = cipher.getAuthTag()
      return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.')
    },
    open(sealed, context) {
      const [version, iv, tag, ciphertext] = sealed.split('.')
      if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
        throw new Error('Unrecognised sealed value')
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAAD(Buffer.from(context, 'utf8'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8')
    },
  }
}

/** A random URL-safe token (OAuth state and the like). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex')
}

export function constantTimeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
