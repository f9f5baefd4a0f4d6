import { describe, expect, it } from 'vitest'
import { EMPTY_HOOK_CONTEXT, tiktokCaption } from '@hookpost/shared'
import type { AiWriter } from './ai-writer'
import type { WrittenCaption } from './caption-rules'
import { accountPrivateFields, PrivateTextError, writePostCaption } from './post-caption'

const ACCOUNT = {
  targetAudience: 'Night-shift nurses in Tallinn who collect vintage typewriters',
  niche: 'Typewriter repair',
  appGoals: 'Sell 40 restoration kits before the Zephyr launch',
}
const context = { ...EMPTY_HOOK_CONTEXT, ...ACCOUNT, videoTitle: 'Ribbon swap' }
const HOOK = 'The ribbon swap nobody shows you'

/** A writer whose caption is given (as a model might answer); the rest of the port is never called here. */
function writer(caption: WrittenCaption): AiWriter {
  const never = () => Promise.reject(new Error('not called'))
  return { provider: 'openai-compatible', hooks: never, contentIdeas: never, caption: async () => caption }
}

function write(caption: WrittenCaption, hookText = HOOK) {
  return writePostCaption({
    writer: writer(caption),
    request: { context, hookText, concept: 'story', tone: 'casual', customPrompt: '' },
    privateFields: accountPrivateFields(ACCOUNT),
    videoTitle: 'Ribbon swap',
  })
}

describe('writing a post’s caption through the privacy guard', () => {
  it('posts a clean caption as written, with the hook and hashtags', async () => {
    const caption = await write({
      title: HOOK,
      text: 'Three steps, one minute. Save this.',
      hashtags: ['#typewriter', '#fyp'],
    })
    expect(caption).toEqual({ title: HOOK, description: 'Three steps, one minute. Save this.\n\n#typewriter #fyp' })
  })

  it('takes out the sentences and hashtags that quote the account description, whoever wrote them', async () => {
    const caption = await write({
      title: HOOK,
      text: 'Made for night-shift nurses in Tallinn who collect vintage typewriters. Save this.',
      hashtags: ['#typewriter', '#sell40restorationkits', '#fyp'],
    })
    expect(caption.description).toBe('Save this.\n\n#typewriter #fyp')
  })

  it('replaces a title that quotes it with the hook, and keeps the hook in the caption', async () => {
    const caption = await write({
      title: 'Sell 40 restoration kits before launch',
      text: 'Save this.',
      hashtags: ['#a', '#b'],
    })
    expect(caption.title).toBe(HOOK)
    expect(tiktokCaption(caption.title, caption.description)).toContain(HOOK)
  })

  it('refuses a hook that quotes it, and a caption whose quote spans two sentences', async () => {
    await expect(
      write({ title: 'T', text: 'Fine.', hashtags: ['#a', '#b'] }, 'For nurses in Tallinn who type'),
    ).rejects.toThrow(PrivateTextError)
    await expect(
      write({ title: HOOK, text: 'Hello night-shift. Nurses in Tallinn, hi.', hashtags: ['#a', '#b'] }),
    ).rejects.toThrow(PrivateTextError)
  })
})
