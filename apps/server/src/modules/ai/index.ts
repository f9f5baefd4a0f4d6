export { createOfflineWriter, type AiWriter, type WrittenIdea } from './ai-writer'
export { aiRoutes } from './ai.routes'
export { createAiService, SUGGESTION_COUNT, type AiService } from './ai.service'
export { generateContentIdeas, generateHooks } from './offline-generator'
