import { setMaxListeners } from 'node:events'

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref())

/**
 * What a job-handling service remembers between jobs: which handlers are running, for a clean stop. `run` refuses new
 * work once stopping (pg-boss retries the job later, or another worker takes it; nothing was claimed). `stop` lets
 * running work finish for `graceMs`, then fires `signal` (every running handler listens to it) and waits up to
 * `abandonMs` more.
 */
export function createJobRunner(name: string) {
  const running = new Set<Promise<unknown>>()
  const controller = new AbortController()
  setMaxListeners(0, controller.signal)
  let stopping = false

  return {
    signal: controller.signal,

    run<T>(work: () => Promise<T>): Promise<T> {
      if (stopping) throw new Error(`the ${name} is stopping`)
      const promise = work()
      running.add(promise)
      const done = () => running.delete(promise)
      promise.then(done, done)
      return promise
    },

    async stop(graceMs: number, abandonMs: number): Promise<void> {
      stopping = true
      if (running.size > 0) await Promise.race([Promise.allSettled([...running]), sleep(graceMs)])
      controller.abort()
      if (running.size > 0) await Promise.race([Promise.allSettled([...running]), sleep(abandonMs)])
    },
  }
}
