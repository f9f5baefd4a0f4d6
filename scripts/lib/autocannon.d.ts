// The part of autocannon 8's API the benches use (it ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number
    max: number
    p50: number
    p99: number
  }
  export interface Result {
    latency: Histogram
    requests: Histogram & { total: number }
    errors: number
    timeouts: number
    non2xx: number
    duration: number
    statusCodeStats: Record<string, { count: number }>
  }
  export interface Options {
    url: string
    method?: string
    headers?: Record<string, string>
    connections?: number
    duration?: number
    overallRate?: number
    timeout?: number
  }
  export default function autocannon(options: Options): Promise<Result>
}
