import { serverEventSchema, type ServerEvent } from '@hookpost/shared/events'

/** The event names the server may use (`event:` lines); a stream without them arrives as plain 'message' events. */
const EVENT_TYPES = [
  'message',
  'post.updated',
  'post.deleted',
  'post.progress',
  'video.updated',
  'video.deleted',
  'video.progress',
] as const

export type ServerEventHandlers = {
  onEvent: (event: ServerEvent) => void
  /** The stream is back after an interruption: events may have been missed, so whatever is shown should be refetched. */
  onReconnect?: () => void
  /**
   * The browser gave up on the stream: the server refused it (a 401 once the session ended: signed out elsewhere,
   * password reset, expired, ADR 021) or is not answering. Whether the person is still signed in is worth asking.
   */
  onGiveUp?: () => void
}

export type ServerEventsOptions = {
  url?: string
  /** Waits before opening a new stream once the browser gave up on one (ms), growing to the last value. */
  retryDelays?: readonly number[]
  createEventSource?: (url: string) => EventSource
}

const DEFAULT_RETRY_DELAYS = [1_000, 2_000, 5_000, 10_000, 30_000] as const
/** `EventSource.CLOSED` (HTML spec): the browser will not reconnect this one. */
const CLOSED = 2

/**
 * One live connection to `GET /api/events` (Server-Sent Events). The browser's EventSource reconnects by itself after a
 * network blip; when it gives up instead (the server answered with an error, or restarted while answering), a new one
 * is opened after a growing pause. Every reopening after the first calls `onReconnect`. Messages that are not a known
 * `ServerEvent` (a newer server, a comment line) are ignored. Returns `close`.
 */
export function connectServerEvents(handlers: ServerEventHandlers, options: ServerEventsOptions = {}): () => void {
  const url = options.url ?? '/api/events'
  const delays = options.retryDelays ?? DEFAULT_RETRY_DELAYS
  const create = options.createEventSource ?? ((u: string) => new EventSource(u))
  let source: EventSource | null = null
  let retryTimer: ReturnType<typeof setTimeout> | null = null
  let failures = 0
  let interrupted = false
  let closed = false

  const onMessage = (message: Event) => {
    if (!(message instanceof MessageEvent) || typeof message.data !== 'string') return
    let json: unknown
    try {
      json = JSON.parse(message.data)
    } catch {
      return
    }
    const parsed = serverEventSchema.safeParse(json)
    if (parsed.success) handlers.onEvent(parsed.data)
  }

  const open = () => {
    retryTimer = null
    const current = create(url)
    source = current
    for (const type of EVENT_TYPES) current.addEventListener(type, onMessage)
    current.addEventListener('open', () => {
      failures = 0
      if (interrupted) {
        interrupted = false
        handlers.onReconnect?.()
      }
    })
    current.addEventListener('error', () => {
      interrupted = true
      // CONNECTING: the browser is already retrying. CLOSED: it gave up, so we try again ourselves.
      if (closed || current.readyState !== CLOSED) return
      current.close()
      handlers.onGiveUp?.()
      const delay = delays[Math.min(failures, delays.length - 1)] ?? 30_000
      failures += 1
      retryTimer = setTimeout(open, delay)
    })
  }

  open()
  return () => {
    closed = true
    if (retryTimer !== null) clearTimeout(retryTimer)
    source?.close()
    source = null
  }
}
