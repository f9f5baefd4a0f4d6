import { createHmac } from 'node:crypto'
import { constantTimeEqual } from '../../lib/crypto'

/*
 * The addresses TikTok downloads a photo post's images from (tiktok-api.md §3.6, §3.10: PULL_FROM_URL only, no
 * redirects, reachable for the whole one-hour pull). Each image of a photo set gets a stable URL under PUBLIC_URL that
 * carries its own expiry and an HMAC over (set, index, expiry): TikTok sends no cookie, so the signature is the only
 * authorisation, and a link cannot be turned into another set's or another image's, nor outlive its expiry.
 */

/** TikTok's pull window is one hour from the init (§3.6); a second hour covers its own retries and a slow start. */
export const PHOTO_URL_TTL_MS = 2 * 60 * 60 * 1000
export const PHOTO_URL_PATH = '/api/public/photos'

export interface PhotoSetImages {
  id: string
  images: { storageKey: string; contentType: 'image/jpeg' | 'image/webp' }[]
}

export type PhotoUrlCheck = 'ok' | 'expired' | 'invalid'

export interface PhotoUrls {
  /** One URL per image, in order, valid until `now + PHOTO_URL_TTL_MS`. */
  urlsFor(set: PhotoSetImages, now: Date): Promise<string[]>
  /** Whether a request's `exp` and `sig` are ours for this set and image, and still valid at `now`. */
  check(photoSetId: string, index: number, exp: string | undefined, sig: string | undefined, now: Date): PhotoUrlCheck
}

/**
 * The signing key, derived from AUTH_SECRET (generated under DATA_DIR/secrets in development, like the others) with
 * its own label, so a photo link's signature is useless anywhere else.
 */
export function photoUrlKey(authSecret: string): Buffer {
  return createHmac('sha256', authSecret).update('hookpost photo urls v1').digest()
}

export function extensionOf(contentType: string): 'jpg' | 'webp' {
  return contentType === 'image/webp' ? 'webp' : 'jpg'
}

export function createPhotoUrls(options: {
  publicUrl: string
  key: Buffer
  /**
   * With S3 and a public endpoint (a domain that can be verified with TikTok), the bucket serves the images itself:
   * a presigned GET answers 200 with the bytes, never a redirect. Null: served by Hookpost.
   */
  presign?: ((storageKey: string, contentType: string, expiresInSeconds: number) => Promise<string | null>) | undefined
}): PhotoUrls {
  const base = options.publicUrl.replace(/\/+$/, '')
  const signature = (photoSetId: string, index: number, exp: number) =>
    createHmac('sha256', options.key).update(`${photoSetId}/${index}/${exp}`).digest('base64url')

  return {
    async urlsFor(set, now) {
      const exp = Math.floor((now.getTime() + PHOTO_URL_TTL_MS) / 1000)
      const urls: string[] = []
      for (const [index, image] of set.images.entries()) {
        const presigned = options.presign
          ? await options.presign(image.storageKey, image.contentType, Math.floor(PHOTO_URL_TTL_MS / 1000))
          : null
        urls.push(
          presigned ??
            `${base}${PHOTO_URL_PATH}/${set.id}/${index}.${extensionOf(image.contentType)}?exp=${exp}&sig=${signature(set.id, index, exp)}`,
        )
      }
      return urls
    },

    check(photoSetId, index, exp, sig, now) {
      if (exp === undefined || sig === undefined || !/^\d{1,12}$/.test(exp)) return 'invalid'
      if (!constantTimeEqual(sig, signature(photoSetId, index, Number(exp)))) return 'invalid'
      return Number(exp) * 1000 < now.getTime() ? 'expired' : 'ok'
    },
  }
}
