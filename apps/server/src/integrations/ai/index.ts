export {
  AiProviderError,
  classifyAiError,
  createOpenAiCompatibleClient,
  type AiFailureKind,
  type ChatJsonRequest,
  type OpenAiCompatibleClient,
  type OpenAiCompatibleOptions,
} from './openai-compatible'
