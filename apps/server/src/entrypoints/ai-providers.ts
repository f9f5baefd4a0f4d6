import type { Config } from '../config'
import { createOpenAiCompatibleClient } from '../integrations/ai'
import { imageInfo } from '../integrations/ffmpeg/inspect'
import type { Log } from '../lib/log'
import {
  createOfflineImageMaker,
  createOfflineSlideshowWriter,
  createOfflineWriter,
  createOpenAiImageMaker,
  createOpenAiSlideshowWriter,
  createOpenAiWriter,
  type AiWriter,
  type ImageMaker,
  type SlideshowWriter,
} from '../modules/ai'

/** The AI writer and image maker the configuration asks for (ADR 016): a model, or the built-in offline ones. */
export function createAiProviders(
  ai: Config['ai'],
  log: Log,
): { writer: AiWriter; images: ImageMaker; slideshowWriter: SlideshowWriter } {
  if (ai.provider === 'offline') {
    return {
      writer: createOfflineWriter(),
      images: createOfflineImageMaker(),
      slideshowWriter: createOfflineSlideshowWriter(),
    }
  }
  const client = createOpenAiCompatibleClient({
    baseUrl: ai.baseUrl,
    apiKey: ai.apiKey,
    model: ai.model,
    imageModel: ai.imageModel,
    timeoutMs: ai.timeoutMs,
    imageTimeoutMs: ai.timeoutMs * 2,
    // A 1024×1792 PNG is ~4 MB; past 20 MB it is not an image we want.
    maxImageBytes: 20 * 1024 * 1024,
  })
  return {
    writer: createOpenAiWriter({ client, log }),
    slideshowWriter: createOpenAiSlideshowWriter({ client, log }),
    images: ai.imageModel ? createOpenAiImageMaker({ client, describeImage: imageInfo }) : createOfflineImageMaker(),
  }
}
