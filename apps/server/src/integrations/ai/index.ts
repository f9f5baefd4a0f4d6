export {
  AiProviderError,
  createOpenAiCompatibleClient,
  type AiFailureKind,
  type ChatJsonRequest,
  type OpenAiCompatibleClient,
  type OpenAiCompatibleOptions,
} from './openai-compatible'
