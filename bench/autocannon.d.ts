// The few parts of autocannon 8 the bench uses (the package ships no types; @types/autocannon is not installed).
declare module 'autocannon' {
  interface Histogram { average: number; mean: number; p50: number; p97_5: number; p99: number; max: number; total: number }
  interface Result {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    /** Stop after this many requests instead of after `duration`. */
    amount?: number
    requests?: {
      /** `context` is the connection's, fresh for each request here (one request per round of the iterator). */
      setupRequest?: (req: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown>
      onResponse?: (status: number, body: unknown, context: Record<string, unknown>) => void
    }[]
  }
  interface Instance extends PromiseLike<Result> {
    on(event: 'response', fn: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): void
  }
  function autocannon(opts: Options): Instance
  export default autocannon
}
