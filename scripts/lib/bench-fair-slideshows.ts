import { createCanvas } from '@napi-rs/canvas'
import type { FastifyInstance } from 'fastify'
import { OVERLAY_DEFAULTS, slideshowResponseSchema, type Slideshow } from '@hookpost/shared'
import { aiImage } from '../../apps/server/src/db/schema'
import type { Runtime } from '../../apps/server/src/entrypoints/runtime'
import { postAs, timeUntilProcessed, untilStarted } from './bench-fair-timing'

/**
 * bench:fair's slideshow part (ADR 059): a light person's short slideshow rendered alone, then right after another
 * person queued a flood of long ones — through the HTTP API and the real worker and canvas. Timed: how long it waited
 * to start and until it was processed.
 */
export interface Person {
  cookie: string
  userId: string
}

/** A photo-like gallery image of the person's (a gradient with shapes), stored as the app stores uploads. */
async function galleryImage(runtime: Runtime, who: Person): Promise<string> {
  const canvas = createCanvas(1024, 1792)
  const ctx = canvas.getContext('2d')
  const sky = ctx.createLinearGradient(0, 0, 0, 1792)
  sky.addColorStop(0, '#1d3557')
  sky.addColorStop(1, '#e9c46a')
  ctx.fillStyle = sky
  ctx.fillRect(0, 0, 1024, 1792)
  for (let i = 0; i < 12; i++) {
    ctx.fillStyle = `hsl(${i * 30}, 60%, 50%)`
    ctx.beginPath()
    ctx.arc((i * 173) % 1024, (i * 291) % 1792, 80 + i * 9, 0, Math.PI * 2)
    ctx.fill()
  }
  const data = await canvas.encode('jpeg', 85)
  const id = crypto.randomUUID()
  const storageKey = `${who.userId}/${id}.jpg`
  await runtime.mediaStorage.write(storageKey, data)
  await runtime.database.db.insert(aiImage).values({
    id,
    userId: who.userId,
    origin: 'uploaded',
    prompt: '',
    style: 'selfie',
    provider: 'upload',
    fallback: false,
    storageKey,
    contentType: 'image/jpeg',
    sizeBytes: data.byteLength,
    width: 1024,
    height: 1792,
    savedAt: new Date(),
  })
  return id
}

async function createSlideshow(http: FastifyInstance, who: Person, imageId: string, slides: number, title: string) {
  const res = await postAs(http, who, '/api/slideshows', {
    title,
    slides: Array.from({ length: slides }, (_, i) => ({
      source: { kind: 'image', imageId },
      overlays: [{ ...OVERLAY_DEFAULTS, id: `point-${i + 1}`, text: `${title}: point ${i + 1}` }],
    })),
  })
  if (res.statusCode !== 201) throw new Error(`POST /api/slideshows answered ${res.statusCode}: ${res.body}`)
  return slideshowResponseSchema.parse(res.json()).slideshow.id
}

async function slideshowState(http: FastifyInstance, who: Person, id: string): Promise<Slideshow> {
  const res = await http.inject({ method: 'GET', url: `/api/slideshows/${id}`, headers: { cookie: who.cookie } })
  if (res.statusCode !== 200) throw new Error(`GET /api/slideshows/${id} answered ${res.statusCode}: ${res.body}`)
  return slideshowResponseSchema.parse(res.json()).slideshow
}

/** The light person's slideshow alone, then behind `heavy` slideshows of `heavySlides` slides of another person. */
export async function benchSlideshows(
  runtime: Runtime,
  people: { light: Person; heavy: Person },
  size: { heavy: number; heavySlides: number; lightSlides: number },
) {
  const http = runtime.http!
  const { light, heavy } = people
  const [lightImage, heavyImage] = await Promise.all([galleryImage(runtime, light), galleryImage(runtime, heavy)])

  const time = async (title: string) => {
    const since = performance.now()
    const id = await createSlideshow(http, light, lightImage, size.lightSlides, title)
    return timeUntilProcessed(`slideshow ${title}`, () => slideshowState(http, light, id), since, 10 * 60_000)
  }
  const alone = await time('Light alone')

  const heavyIds: string[] = []
  for (let i = 1; i <= size.heavy; i++) {
    heavyIds.push(await createSlideshow(http, heavy, heavyImage, size.heavySlides, `Heavy ${i}`))
  }
  await untilStarted('the first heavy slideshow', () => slideshowState(http, heavy, heavyIds[0]!))
  const behind = await time('Light behind')
  const heavyLeft = (await Promise.all(heavyIds.map((id) => slideshowState(http, heavy, id)))).filter(
    (show) => show.state !== 'processed',
  ).length
  return { alone, behind, heavyLeft }
}
