import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { MediaStorage } from '../../integrations/storage'
import { extensionOf, type PhotoSetImages, type PhotoUrls } from './photo-urls'

export interface PublicPhotoDeps {
  urls: PhotoUrls
  /** The photo set by id alone: the signature, checked first, is what authorises the read. */
  findPhotoSet: (id: string) => Promise<PhotoSetImages | undefined>
  storage: Pick<MediaStorage, 'size' | 'read'>
  clock: () => Date
}

const params = z.object({ photoSetId: z.uuid(), file: z.string().regex(/^\d{1,2}\.(jpg|webp)$/) })
const query = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() })

/**
 * GET /api/public/photos/:photoSetId/:index.(jpg|webp)?exp=…&sig=… — the bytes TikTok pulls for a photo post
 * (photo-urls.ts). No session: 403 for a missing, wrong or expired signature, 404 when the set, the image or its file
 * is gone; 200 with the bytes otherwise (streamed from local disk or S3, never a redirect: TikTok refuses those).
 */
export const publicPhotoRoutes: FastifyPluginAsyncZod<PublicPhotoDeps> = async (app, deps) => {
  app.get('/:photoSetId/:file', { schema: { params, querystring: query, hide: true } }, async (request, reply) => {
    const { photoSetId, file } = request.params
    const [indexText, extension] = file.split('.')
    const index = Number(indexText)
    const verdict = deps.urls.check(photoSetId, index, request.query.exp, request.query.sig, deps.clock())
    reply.header('cache-control', 'no-store')
    if (verdict !== 'ok') {
      return reply.status(403).send({
        code: 'FORBIDDEN',
        message: verdict === 'expired' ? 'This image link has expired.' : 'This image link is not valid.',
      })
    }
    const set = await deps.findPhotoSet(photoSetId)
    const image = set?.images[index]
    const size = image ? await deps.storage.size(image.storageKey) : null
    if (!image || size === null || extensionOf(image.contentType) !== extension) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: 'This image does not exist.' })
    }
    return reply
      .header('content-type', image.contentType)
      .header('content-length', String(size))
      .send(deps.storage.read(image.storageKey))
  })
}
