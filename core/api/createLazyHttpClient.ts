import type { HttpClient, HttpClientOptions } from './createHttpClient.js'

/**
 * An HttpClient whose code loads with its first request. The page makes no API call before the
 * start-up effects run, so the client (with its error types and query building) stays out of the
 * page's initial JavaScript (issue #7). Requests made meanwhile wait for the one import.
 * @example const api = createLazyHttpClient({ baseUrl: 'https://api.example' })
 */
export function createLazyHttpClient(options: HttpClientOptions): HttpClient {
  let client: Promise<HttpClient> | undefined
  const load = () => (client ??= import('./loadHttpClient.js').then((m) => m.createHttpClient(options)))
  const forward =
    <K extends 'get' | 'post' | 'put' | 'delete' | 'getBlob'>(method: K) =>
    (args: never) =>
      load().then((c) => (c[method] as (args: never) => Promise<unknown>)(args))
  return {
    baseUrl: options.baseUrl,
    get: forward('get'),
    post: forward('post'),
    put: forward('put'),
    delete: forward('delete'),
    getBlob: forward('getBlob'),
  } as HttpClient
}
