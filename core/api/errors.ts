import { BaseError } from '../errors/BaseError.js'

/** Where a failed request went, for `details` (never the body: it may be large or sensitive). */
type RequestInfo = { method: string; url: string }

const where = ({ method, url }: RequestInfo) => `${method} ${url}`

/**
 * The server answered with a non-2xx status. `status` drives retry decisions
 * (429 and 5xx are retryable, 4xx usually not) and `retryAfter` honours the server's hint.
 * @example if (error instanceof HttpError && error.status === 429) retryIn(error.retryAfter ?? 5)
 */
export class HttpError extends BaseError {
  override name = 'HttpError'
  readonly status: number
  readonly url: string
  /** Seconds from a numeric `Retry-After` header, when the server sent one. */
  readonly retryAfter: number | undefined
  /** The response text, kept so callers can surface an API's own reason. */
  readonly body: string | undefined

  constructor(status: number, info: RequestInfo & { retryAfter?: number; body?: string }) {
    super(`HTTP status code: ${status}`, { details: where(info), code: status })
    this.status = status
    this.url = info.url
    this.retryAfter = info.retryAfter
    this.body = info.body
  }
}

/**
 * The body was not JSON (a proxy's HTML error page, a truncated answer).
 * @example new ResponseParseError({ method: 'GET', url, snippet: '<html>', cause })
 */
export class ResponseParseError extends BaseError {
  override name = 'ResponseParseError'
  constructor(info: RequestInfo & { snippet: string; cause?: unknown }) {
    super('Invalid JSON response', { details: `${where(info)}: ${info.snippet}`, cause: info.cause })
  }
}

/**
 * The body was JSON but not the agreed shape. `details` lists zod's messages with
 * their paths (e.g. `data.0.name: Required`) so a server change is easy to spot.
 * @example new ResponseSchemaError({ method: 'GET', url, issues: result.error.issues })
 */
export class ResponseSchemaError extends BaseError {
  override name = 'ResponseSchemaError'
  /** Each issue as `path: message` (path omitted for the root). */
  readonly issues: readonly string[]

  constructor(info: RequestInfo & { issues: readonly { path: readonly (string | number)[]; message: string }[] }) {
    const issues = info.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    super('Response did not match the expected schema', { details: `${where(info)}: ${issues.join('; ')}` })
    this.issues = issues
  }
}

/**
 * The request (including reading the body) took longer than `timeoutMs`. Without `method` and
 * `url` it is the budget of a request and its retries that ran out (see `retryTransient`).
 * @example new HttpTimeoutError({ method: 'GET', url, timeoutMs: 10_000 })
 */
export class HttpTimeoutError extends BaseError {
  override name = 'HttpTimeoutError'
  readonly timeoutMs: number
  constructor(info: Partial<RequestInfo> & { timeoutMs: number }) {
    const what = info.method && info.url ? where({ method: info.method, url: info.url }) : 'a request and its retries'
    super('Request timed out', { details: `${what} after ${info.timeoutMs} ms` })
    this.timeoutMs = info.timeoutMs
  }
}

/**
 * The caller's signal aborted (e.g. a newer request made this one irrelevant).
 * @example new HttpAbortError({ method: 'GET', url, cause: signal.reason })
 */
export class HttpAbortError extends BaseError {
  override name = 'HttpAbortError'
  constructor(info: RequestInfo & { cause?: unknown }) {
    super('Request was aborted', { details: where(info), cause: info.cause })
  }
}

/**
 * No HTTP answer at all: DNS, refused connection, reset socket, CORS.
 * @example new HttpNetworkError({ method: 'GET', url, cause: error })
 */
export class HttpNetworkError extends BaseError {
  override name = 'HttpNetworkError'
  constructor(info: RequestInfo & { cause?: unknown }) {
    super('Network request failed', { details: where(info), cause: info.cause })
  }
}
