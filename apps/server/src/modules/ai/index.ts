export {
  createOfflineWriter,
  type AiWriter,
  type CaptionRequest,
  type ImageMaker,
  type MadeImage,
  type WrittenIdea,
} from './ai-writer'
export { quotedPrivateField, type PrivateField } from './caption-guard'
export type { PostCaption, WrittenCaption } from './caption-rules'
export { accountPrivateFields, PrivateTextError, writePostCaption } from './post-caption'
export { createOfflineImageMaker } from './offline-image'
export { createOpenAiImageMaker } from './openai-image-maker'
export { createOpenAiWriter } from './openai-writer'
export { aiRoutes } from './ai.routes'
export { aiFailureReason, createAiService, SUGGESTION_COUNT, type AiService } from './ai.service'
export { generateContentIdeas, generateHooks } from './offline-generator'
export { createOfflineSlideshowWriter, createOpenAiSlideshowWriter, type SlideshowWriter } from './slideshow-writer'
