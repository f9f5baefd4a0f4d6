/** What modules need of the server's logger (pino's methods, or a fake in unit tests). */
export interface Log {
  info: (msg: string) => void
  warn: (msg: string) => void
  error: (msg: string, err?: unknown) => void
}
