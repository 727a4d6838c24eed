import type { z } from 'zod'
import { API_REQUEST_TIMEOUT_MS } from '../constants/timing.js'
import { BaseError } from '../errors/BaseError.js'
import { HttpAbortError, HttpError, HttpNetworkError, HttpTimeoutError, ResponseParseError, ResponseSchemaError } from './errors.js'

type Scalar = string | number | boolean
export type QueryParams = Record<string, Scalar | readonly Scalar[] | null | undefined>
/** Input is `unknown` so schemas with transforms or defaults are accepted too. */
export type ResponseSchema<T> = z.ZodType<T, z.ZodTypeDef, unknown>

type RequestArgs = { path: string; params?: QueryParams; signal?: AbortSignal; headers?: Record<string, string>; timeoutMs?: number }
export type GetArgs<T> = RequestArgs & { schema: ResponseSchema<T> }
export type BodyArgs = RequestArgs & { body?: unknown }

export type HttpClientOptions = {
  baseUrl: string
  /** Appended to every query as `clientId` (SPEC 7). */
  clientId?: string
  fetch?: typeof fetch
  timeoutMs?: number
  headers?: Record<string, string>
}

export type HttpClient = {
  readonly baseUrl: string
  get<T>(args: GetArgs<T>): Promise<T>
  post<T>(args: BodyArgs & { schema: ResponseSchema<T> }): Promise<T>
  post(args: BodyArgs & { schema?: undefined }): Promise<unknown>
  put<T>(args: BodyArgs & { schema: ResponseSchema<T> }): Promise<T>
  put(args: BodyArgs & { schema?: undefined }): Promise<unknown>
  delete<T>(args: BodyArgs & { schema: ResponseSchema<T> }): Promise<T>
  delete(args: BodyArgs & { schema?: undefined }): Promise<unknown>
  getBlob(args: RequestArgs): Promise<Blob>
}

/**
 * Builds `baseUrl/path?query`: one slash at the join, null/undefined and empty arrays
 * dropped (an empty `include=` would read as "include nothing"), arrays comma-joined.
 * @example buildUrl('https://api.x', '/getWallets', { chains: ['eip155:1', 'eip155:10'] }, 'id')
 */
export function buildUrl(baseUrl: string, path: string, params: QueryParams = {}, clientId?: string): string {
  const joined = path === '' ? baseUrl : `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) {
      if (value.length > 0) query.append(key, value.join(','))
    } else query.append(key, String(value))
  }
  if (clientId) query.set('clientId', clientId)
  const search = query.toString()
  if (search === '') return joined
  return `${joined}${joined.includes('?') ? '&' : '?'}${search}`
}

/**
 * A small typed fetch wrapper: every failure becomes one of the errors in `./errors.ts`,
 * and every response is validated, since API shapes change without notice.
 * @example const api = createHttpClient({ baseUrl, clientId }); await api.get({ path: '/getWallets', schema })
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { baseUrl, clientId, timeoutMs: defaultTimeoutMs = API_REQUEST_TIMEOUT_MS, headers: defaultHeaders = {} } = options
  // Resolved per call, unbound: a stored `window.fetch` throws "Illegal invocation" in browsers.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))

  async function request<R>(method: string, args: RequestArgs & { body?: unknown }, read: (res: Response, url: string) => Promise<R>): Promise<R> {
    const url = buildUrl(baseUrl, args.path, args.params, clientId)
    const timeoutMs = args.timeoutMs ?? defaultTimeoutMs
    const timeout = AbortSignal.timeout(timeoutMs)
    const signal = args.signal ? AbortSignal.any([args.signal, timeout]) : timeout
    const hasBody = args.body !== undefined
    const headers = { accept: 'application/json', ...defaultHeaders, ...(hasBody ? { 'content-type': 'application/json' } : {}), ...args.headers }
    try {
      // The signal also covers reading the body, so a server that stalls mid-body still times out.
      const res = await doFetch(url, { method, headers, signal, ...(hasBody ? { body: JSON.stringify(args.body) } : {}) })
      if (!res.ok) {
        const body = await res.text().catch(() => undefined)
        const retryAfter = Number(res.headers.get('retry-after') ?? Number.NaN)
        throw new HttpError(res.status, { method, url, body, ...(Number.isFinite(retryAfter) ? { retryAfter } : {}) })
      }
      return await read(res, url)
    } catch (error) {
      if (error instanceof BaseError) throw error
      if (signal.aborted) {
        // The combined signal keeps the reason of whichever source fired first.
        if (timeout.aborted && signal.reason === timeout.reason) throw new HttpTimeoutError({ method, url, timeoutMs })
        throw new HttpAbortError({ method, url, cause: signal.reason })
      }
      throw new HttpNetworkError({ method, url, cause: error })
    }
  }

  function json<T>(method: string, schema: ResponseSchema<T> | undefined) {
    return async (res: Response, url: string): Promise<T> => {
      const text = await res.text()
      let data: unknown
      // 204s and empty bodies are normal for writes; the schema (if any) decides if that is fine.
      if (text.trim() !== '') {
        try {
          data = JSON.parse(text)
        } catch (cause) {
          throw new ResponseParseError({ method, url, snippet: text.slice(0, 120), cause })
        }
      }
      if (!schema) return data as T
      const result = schema.safeParse(data)
      if (!result.success) throw new ResponseSchemaError({ method, url, issues: result.error.issues })
      return result.data
    }
  }

  const send =
    (method: string) =>
    <T>(args: BodyArgs & { schema?: ResponseSchema<T> }): Promise<T> =>
      request(method, args, json<T>(method, args.schema))

  return {
    baseUrl,
    get: <T>(args: GetArgs<T>) => request('GET', args, json<T>('GET', args.schema)),
    post: send('POST'),
    put: send('PUT'),
    delete: send('DELETE'),
    getBlob: (args) =>
      request('GET', { ...args, headers: { accept: '*/*', ...args.headers } }, (res) => res.blob()),
  }
}
