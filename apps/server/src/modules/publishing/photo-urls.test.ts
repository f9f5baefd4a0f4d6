import { describe, expect, it } from 'vitest'
import { createPhotoUrls, photoUrlKey, PHOTO_URL_TTL_MS } from './photo-urls'

const SET = '11111111-1111-4111-8111-111111111111'
const OTHER = '22222222-2222-4222-8222-222222222222'
const images = [
  { storageKey: 'u/a.jpg', contentType: 'image/jpeg' as const },
  { storageKey: 'u/b.jpg', contentType: 'image/jpeg' as const },
]
const now = new Date('2026-11-28T10:00:00Z')

function parts(url: string) {
  const u = new URL(url)
  const [, , , , set, file] = u.pathname.split('/')
  return {
    set: set!,
    index: Number(file!.split('.')[0]),
    exp: u.searchParams.get('exp')!,
    sig: u.searchParams.get('sig')!,
  }
}

describe('signed photo URLs', () => {
  const urls = createPhotoUrls({ publicUrl: 'https://hookpost.example/', key: photoUrlKey('a'.repeat(64)) })

  it('gives one stable URL per image under PUBLIC_URL, valid for two hours', async () => {
    const list = await urls.urlsFor({ id: SET, images }, now)
    expect(list).toHaveLength(2)
    expect(list[0]).toMatch(new RegExp(`^https://hookpost\\.example/api/public/photos/${SET}/0\\.jpg\\?exp=\\d+&sig=`))
    expect(await urls.urlsFor({ id: SET, images }, now)).toEqual(list)
    const p = parts(list[1]!)
    expect(Number(p.exp) * 1000).toBe(now.getTime() + PHOTO_URL_TTL_MS)
    expect(urls.check(p.set, p.index, p.exp, p.sig, now)).toBe('ok')
  })

  it('refuses an expired, tampered, missing, another index or another set signature', async () => {
    const [first] = await urls.urlsFor({ id: SET, images }, now)
    const p = parts(first!)
    const after = new Date(now.getTime() + PHOTO_URL_TTL_MS + 1_000)
    expect(urls.check(p.set, p.index, p.exp, p.sig, after)).toBe('expired')
    expect(urls.check(p.set, p.index, String(Number(p.exp) + 3600), p.sig, now)).toBe('invalid')
    expect(urls.check(p.set, p.index, p.exp, `${p.sig.slice(0, -1)}A`, now)).toBe('invalid')
    expect(urls.check(p.set, p.index, undefined, p.sig, now)).toBe('invalid')
    expect(urls.check(p.set, p.index, p.exp, undefined, now)).toBe('invalid')
    expect(urls.check(p.set, 1, p.exp, p.sig, now)).toBe('invalid')
    expect(urls.check(OTHER, 0, p.exp, p.sig, now)).toBe('invalid')
  })

  it('signs with a key of its own: another secret does not verify', async () => {
    const [first] = await urls.urlsFor({ id: SET, images }, now)
    const p = parts(first!)
    const other = createPhotoUrls({ publicUrl: 'https://hookpost.example', key: photoUrlKey('b'.repeat(64)) })
    expect(other.check(p.set, p.index, p.exp, p.sig, now)).toBe('invalid')
  })

  it('uses the bucket presigned URL when S3 has a public endpoint', async () => {
    const presigned = createPhotoUrls({
      publicUrl: 'https://hookpost.example',
      key: photoUrlKey('a'.repeat(64)),
      presign: (key, type, seconds) => Promise.resolve(`https://cdn.example/${key}?type=${type}&s=${seconds}`),
    })
    expect(await presigned.urlsFor({ id: SET, images }, now)).toEqual([
      'https://cdn.example/u/a.jpg?type=image/jpeg&s=7200',
      'https://cdn.example/u/b.jpg?type=image/jpeg&s=7200',
    ])
  })
})
