import OpenAI from 'openai'

/**
 * The one place Hookpost talks to an AI service: any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, LM Studio)
 * through the official `openai` SDK. Keys stay here, on the server. Every failure becomes an `AiProviderError` with a
 * kind the product can explain; the provider's own body is logged, never passed on.
 */

/** Why a call to the AI service failed, in terms the product can explain (and decide whether to retry). */
export type AiFailureKind =
  /** 429: the service is rate-limiting us. */
  | 'rate_limited'
  /** 5xx or no connection: the service is down or unreachable. */
  | 'unavailable'
  /** No answer within the time allowed. */
  | 'timeout'
  /** 401/403/404: the key is wrong or lacks access, or the model does not exist there (a configuration problem). */
  | 'misconfigured'
  /** 400/422, a refusal or a content filter: the service would not do this request. */
  | 'rejected'
  /** An answer came, but it was not what was asked for (not JSON, wrong shape, no image). */
  | 'invalid_output'

export class AiProviderError extends Error {
  constructor(
    readonly kind: AiFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'AiProviderError'
  }
}

export interface OpenAiCompatibleOptions {
  baseUrl: string
  /** Optional: Ollama, vLLM and LM Studio run without one. */
  apiKey?: string | undefined
  /** The chat model (hooks, content ideas). */
  model: string
  /** The images model; without one, `image()` is refused. */
  imageModel?: string | undefined
  /** Per attempt, for chat completions. */
  timeoutMs: number
  /** Per attempt, for image generation (slower: tens of seconds on real services). */
  imageTimeoutMs: number
  /** Largest image accepted when the service answers with a URL to download. */
  maxImageBytes: number
  /** Wait before the one retry of a transient failure (5xx, dropped connection). */
  retryDelayMs?: number
  /** For tests; the global fetch otherwise. */
  fetch?: typeof fetch
}

export interface ChatJsonRequest {
  system: string
  user: string
  /** The answer's JSON schema (structured output); the caller validates the answer again with zod. */
  schemaName: string
  jsonSchema: Record<string, unknown>
  temperature?: number
  maxTokens?: number
}

export interface OpenAiCompatibleClient {
  readonly model: string
  readonly imageModel: string | undefined
  /** The model's answer text (JSON, asked for by schema); throws AiProviderError. */
  chatJson(request: ChatJsonRequest): Promise<string>
  /** One image's bytes, as the service made them (PNG, JPEG or WebP: the caller checks); throws AiProviderError. */
  image(request: { prompt: string }): Promise<Uint8Array>
}

/** The SDK's errors (and fetch's), sorted into what they mean for us. */
export function classifyAiError(err: unknown): AiProviderError {
  if (err instanceof AiProviderError) return err
  if (err instanceof OpenAI.APIConnectionTimeoutError) {
    return new AiProviderError('timeout', 'the AI service did not answer in time', { cause: err })
  }
  if (err instanceof OpenAI.APIConnectionError) {
    return new AiProviderError('unavailable', `could not reach the AI service: ${err.message}`, { cause: err })
  }
  if (err instanceof OpenAI.APIError) {
    const status = err.status ?? 0
    const what = `the AI service answered ${status}: ${err.message}`
    if (status === 429) return new AiProviderError('rate_limited', what, { cause: err })
    if (status === 401 || status === 403 || status === 404) {
      return new AiProviderError('misconfigured', what, { cause: err })
    }
    if (status === 408 || status >= 500) return new AiProviderError('unavailable', what, { cause: err })
    return new AiProviderError('rejected', what, { cause: err })
  }
  if (err instanceof Error && err.name === 'TimeoutError') {
    return new AiProviderError('timeout', 'the AI service did not answer in time', { cause: err })
  }
  return new AiProviderError('unavailable', err instanceof Error ? err.message : String(err), { cause: err })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** One call, retried once when the failure was transient (5xx, dropped connection); never on 429, 4xx or timeout. */
async function withOneRetry<T>(call: () => Promise<T>, retryDelayMs: number): Promise<T> {
  try {
    return await call()
  } catch (err) {
    const failure = classifyAiError(err)
    if (failure.kind !== 'unavailable') throw failure
    await sleep(retryDelayMs)
    try {
      return await call()
    } catch (again) {
      throw classifyAiError(again)
    }
  }
}

/** An image the service answered with as a URL: fetched (http/https, or a base64 `data:` URL), size-capped. */
async function download(url: string, options: OpenAiCompatibleOptions): Promise<Uint8Array> {
  const data = /^data:image\/[a-z+.-]+;base64,(.*)$/is.exec(url)
  if (data) return Buffer.from(data[1]!, 'base64')
  if (!/^https?:\/\//i.test(url)) throw new AiProviderError('invalid_output', 'the image URL is not http(s)')
  const doFetch = options.fetch ?? fetch
  let response: Response
  try {
    response = await doFetch(url, { signal: AbortSignal.timeout(options.imageTimeoutMs) })
  } catch (err) {
    throw classifyAiError(err)
  }
  if (!response.ok) {
    throw new AiProviderError('invalid_output', `the image URL answered ${response.status}`)
  }
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > options.maxImageBytes) {
    await response.body?.cancel()
    throw new AiProviderError('invalid_output', `the image is larger than ${options.maxImageBytes} bytes`)
  }
  // Read at most maxImageBytes, whatever the header said.
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = response.body?.getReader()
  if (!reader) throw new AiProviderError('invalid_output', 'the image URL answered with no body')
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > options.maxImageBytes) {
      await reader.cancel()
      throw new AiProviderError('invalid_output', `the image is larger than ${options.maxImageBytes} bytes`)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

export function createOpenAiCompatibleClient(options: OpenAiCompatibleOptions): OpenAiCompatibleClient {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // The SDK insists on a key; local servers ignore the header.
    apiKey: options.apiKey ?? 'no-key',
    // Everything the SDK would otherwise read from process.env is set here (config/ is the only reader of env).
    organization: null,
    project: null,
    webhookSecret: null,
    // Retries are ours (withOneRetry): the SDK's would also retry 429s and timeouts, keeping a person waiting.
    maxRetries: 0,
    timeout: options.timeoutMs,
    logLevel: 'off',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  const retryDelayMs = options.retryDelayMs ?? 500

  return {
    model: options.model,
    imageModel: options.imageModel,

    async chatJson(request) {
      const completion = await withOneRetry(
        () =>
          client.chat.completions.create({
            model: options.model,
            messages: [
              { role: 'system', content: request.system },
              { role: 'user', content: request.user },
            ],
            response_format: {
              type: 'json_schema',
              json_schema: { name: request.schemaName, strict: true, schema: request.jsonSchema },
            },
            ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
            ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
          }),
        retryDelayMs,
      )
      const choice = completion.choices?.[0]
      if (!choice) throw new AiProviderError('invalid_output', 'the AI service answered with no choices')
      if (choice.message?.refusal) {
        throw new AiProviderError('rejected', `the model refused: ${choice.message.refusal}`)
      }
      if (choice.finish_reason === 'content_filter') {
        throw new AiProviderError('rejected', 'the AI service filtered the answer')
      }
      const content = choice.message?.content
      if (typeof content !== 'string' || content.trim() === '') {
        throw new AiProviderError('invalid_output', 'the model answered with no text')
      }
      if (choice.finish_reason === 'length') {
        throw new AiProviderError('invalid_output', 'the model’s answer was cut off (length)')
      }
      return content
    },

    async image({ prompt }) {
      const imageModel = options.imageModel
      if (!imageModel) throw new AiProviderError('misconfigured', 'no image model is configured (AI_IMAGE_MODEL)')
      // No `response_format` or `size`: models differ on both (gpt-image-1 refuses response_format and always answers
      // base64; dall-e-3 answers a URL by default), so both answers are accepted and the picture is cropped to 9:16
      // when it becomes a video.
      const result = await withOneRetry(
        () => client.images.generate({ model: imageModel, prompt, n: 1 }, { timeout: options.imageTimeoutMs }),
        retryDelayMs,
      )
      const first = result.data?.[0]
      if (first?.b64_json) return Buffer.from(first.b64_json, 'base64')
      if (first?.url) return download(first.url, options)
      throw new AiProviderError('invalid_output', 'the AI service answered with no image')
    },
  }
}
