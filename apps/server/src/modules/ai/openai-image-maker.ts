import { AiProviderError, type OpenAiCompatibleClient } from '../../integrations/ai'
import type { ImageInfo } from '../../integrations/ffmpeg/inspect'
import type { ImageMaker } from './ai-writer'
import { PROMPTS, renderPrompt } from './prompts'

/**
 * The image port backed by an OpenAI-compatible images endpoint (AI_IMAGE_MODEL): the style's versioned prompt around
 * the person's words; the answer must be a PNG, JPEG or WebP by its bytes, or it is no image at all.
 */
export function createOpenAiImageMaker(deps: {
  client: Pick<OpenAiCompatibleClient, 'image'>
  describeImage: (data: Uint8Array) => ImageInfo | null
}): ImageMaker {
  return {
    provider: 'openai-compatible',
    fallback: false,
    async image({ prompt, style }) {
      const data = Buffer.from(await deps.client.image({ prompt: renderPrompt(PROMPTS.image[style], { prompt }) }))
      const info = deps.describeImage(data)
      if (!info) throw new AiProviderError('invalid_output', 'the image service answered with bytes that are no image')
      return { data, ...info }
    },
  }
}
