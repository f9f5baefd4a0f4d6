import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSecretBox, randomToken, sha256Hex } from './crypto'

describe('secret box (AES-256-GCM)', () => {
  const box = createSecretBox(randomBytes(32))

  it('round-trips a value and never stores the plaintext', () => {
    const sealed = box.seal('act.secret-access-token', 'tiktok_account:1:access')
    expect(sealed).toMatch(/^v1\./)
    expect(sealed).not.toContain('secret-access-token')
    expect(box.open(sealed, 'tiktok_account:1:access')).toBe('act.secret-access-token')
  })

  it('uses a fresh IV each time', () => {
    expect(box.seal('same', 'ctx')).not.toBe(box.seal('same', 'ctx'))
  })

  it('refuses a value moved to another row or column', () => {
    const sealed = box.seal('rft.token', 'tiktok_account:1:refresh')
    expect(() => box.open(sealed, 'tiktok_account:2:refresh')).toThrow()
    expect(() => box.open(sealed, 'tiktok_account:1:access')).toThrow()
  })

  it('refuses a tampered value and a value sealed with another key', () => {
    const sealed = box.seal('rft.token', 'ctx')
    const parts = sealed.split('.')
    const ct = Buffer.from(parts[3]!, 'base64url')
    ct[0] = ct[0]! ^ 1
    parts[3] = ct.toString('base64url')
    expect(() => box.open(parts.join('.'), 'ctx')).toThrow()
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'ctx')).toThrow()
    expect(() => box.open('garbage', 'ctx')).toThrow('Unrecognised')
  })

  it('insists on a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow('32 bytes')
  })
})

describe('tokens', () => {
  it('are random, URL-safe and hash stably', () => {
    const a = randomToken()
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(randomToken()).not.toBe(a)
    expect(sha256Hex('x')).toBe(sha256Hex('x'))
    expect(sha256Hex('x')).toHaveLength(64)
  })
})
