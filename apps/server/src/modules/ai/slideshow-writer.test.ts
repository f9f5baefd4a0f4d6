import { describe, expect, it } from 'vitest'
import { AiProviderError } from '../../integrations/ai'
import { createOpenAiSlideshowWriter, usableSlideshow } from './slideshow-writer'

const log = { info: () => undefined, warn: () => undefined, error: () => undefined }
const context = { targetAudience: 'Students', niche: 'study tips', appGoals: 'Grow' }

/** A model that answers each request with the next of `answers` (a string, or an error to throw). */
function model(answers: (string | Error)[]) {
  const asked: { system: string; user: string; schemaName: string }[] = []
  return {
    asked,
    client: {
      model: 'test-model',
      async chatJson(request: { system: string; user: string; schemaName: string }) {
        asked.push(request)
        const next = answers.shift()
        if (next === undefined) throw new Error('no more answers')
        if (next instanceof Error) throw next
        return next
      },
    },
  }
}

const good = {
  title: 'Study smarter',
  hook: '“3 study habits that actually work”',
  points: ['1. Test yourself', 'Space it out', 'Sleep on it', 'An extra one'],
  cta: 'Follow for part 2',
}

describe('the OpenAI-compatible slideshow writer', () => {
  it('asks with the versioned prompt and a JSON schema, and numbers exactly N clean points', async () => {
    const { client, asked } = model([JSON.stringify(good)])
    const writer = createOpenAiSlideshowWriter({ client, log })
    const draft = await writer.slideshow({ context, topic: 'Studying for exams', points: 3 })
    expect(draft).toEqual({
      title: 'Study smarter',
      slides: [
        { role: 'hook', text: '3 study habits that actually work' },
        { role: 'point', text: '1. Test yourself' },
        { role: 'point', text: '2. Space it out' },
        { role: 'point', text: '3. Sleep on it' },
        { role: 'cta', text: 'Follow for part 2' },
      ],
    })
    expect(asked[0]!.schemaName).toBe('slideshow')
    expect(asked[0]!.system).toContain('exactly 3 slides')
    expect(JSON.parse(asked[0]!.user)).toEqual({
      topic: 'Studying for exams',
      account: { targetAudience: 'Students', niche: 'study tips', goals: 'Grow' },
    })
  })

  it('asks once more when the answer is unusable, then fails without making anything up', async () => {
    const retried = model(['not json', JSON.stringify(good)])
    expect(
      (await createOpenAiSlideshowWriter({ client: retried.client, log }).slideshow({ context, topic: 't', points: 2 }))
        .slides,
    ).toHaveLength(4)
    const tooFew = model([JSON.stringify({ ...good, points: ['One'] }), JSON.stringify({ ...good, hook: '' })])
    await expect(
      createOpenAiSlideshowWriter({ client: tooFew.client, log }).slideshow({ context, topic: 't', points: 2 }),
    ).rejects.toMatchObject({ kind: 'invalid_output' })
    const down = model([new AiProviderError('unavailable', 'down')])
    await expect(
      createOpenAiSlideshowWriter({ client: down.client, log }).slideshow({ context, topic: 't', points: 2 }),
    ).rejects.toMatchObject({ kind: 'unavailable' })
  })

  it('refuses slides over their length', () => {
    expect(usableSlideshow({ ...good, cta: 'x'.repeat(200) }, 2)).toBeNull()
    expect(usableSlideshow({ ...good, title: 'x'.repeat(120) }, 2)?.title).toBe(good.hook.slice(1, -1))
  })
})
