/**
 * A stand-in for the browser's EventSource (jsdom has none), for tests of the live updates: each instance is opened,
 * failed and fed by the test. Install with `vi.stubGlobal('EventSource', FakeEventSource)`.
 */
export class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = []
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  readyState = 0
  closed = false
  constructor(readonly url: string) {
    super()
    FakeEventSource.instances.push(this)
  }
  open() {
    this.readyState = 1
    this.dispatchEvent(new Event('open'))
  }
  /** `retrying`: the browser reconnects by itself (CONNECTING); otherwise it gave up (CLOSED). */
  fail(retrying: boolean) {
    this.readyState = retrying ? 0 : 2
    this.dispatchEvent(new Event('error'))
  }
  emit(data: unknown, type = 'message') {
    this.dispatchEvent(new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) }))
  }
  close() {
    this.readyState = 2
    this.closed = true
  }
  static latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1)
    if (!last) throw new Error('no EventSource was opened')
    return last
  }
}
