/**
 * Deletes uploads that were never finalised within 24 hours, and generated images never saved within 24 hours (the
 * `sweep` given), once at start and then every hour. It runs in worker
 * processes (`all` and `worker` modes), beside the other background work. A timer rather than a pg-boss cron job:
 * the uploads live on this machine's disk, not in the database, and the sweep is idempotent, so several workers
 * sweeping the same shared DATA_DIR at once is harmless (every delete tolerates "already gone").
 */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000

export interface UploadSweeper {
  stop(): Promise<void>
}

export function startUploadSweeper(options: {
  sweep: () => Promise<number>
  log: { info: (msg: string) => void; error: (msg: string, err?: unknown) => void }
  intervalMs?: number
}): UploadSweeper {
  let running: Promise<void> | undefined
  const run = () => {
    if (running) return
    running = options
      .sweep()
      .then((removed) => {
        if (removed > 0) options.log.info(`[media] removed ${removed} expired upload(s) and unsaved image(s)`)
      })
      .catch((err: unknown) => options.log.error('[media] upload sweep failed', err))
      .finally(() => {
        running = undefined
      })
  }
  run()
  const timer = setInterval(run, options.intervalMs ?? SWEEP_INTERVAL_MS)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
