import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { describe, expect, test, beforeAll, afterAll } from 'vitest'
import fc from 'fast-check'
import { z } from 'zod'
import { BaseError, toErrorInfo } from '../errors/BaseError.js'
import { buildUrl, createHttpClient } from './createHttpClient.js'
import { HttpAbortError, HttpError, HttpNetworkError, HttpTimeoutError, ResponseParseError, ResponseSchemaError } from './errors.js'

// The 8-byte PNG signature plus an IHDR chunk start: enough to prove bytes survive untouched.
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52])

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

/** Per hanging request (keyed by `?id=`): when the server saw it, and whether it closed unfinished. */
const hangs = new Map<string, { arrived: ReturnType<typeof deferred<void>>; closed: ReturnType<typeof deferred<boolean>> }>()
function watchHang(id: string) {
  const entry = { arrived: deferred<void>(), closed: deferred<boolean>() }
  hangs.set(id, entry)
  return { arrived: entry.arrived.promise, closedUnfinished: entry.closed.promise }
}

const sockets = new Set<Socket>()
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const send = (status: number, body: string | Buffer, headers: Record<string, string> = { 'content-type': 'application/json' }) => {
    res.writeHead(status, headers)
    res.end(body)
  }
  switch (url.pathname) {
    case '/json':
      return send(200, JSON.stringify({ name: 'airlock', count: 2 }))
    case '/500':
      return send(500, JSON.stringify({ reasons: [{ description: 'boom' }] }))
    case '/429':
      return send(429, '{}', { 'content-type': 'application/json', 'retry-after': '7' })
    case '/html':
      return send(200, '<!doctype html><html><body>Bad Gateway</body></html>', { 'content-type': 'text/html' })
    case '/wrong':
      return send(200, JSON.stringify({ name: 42 }))
    case '/empty':
      res.writeHead(204)
      return res.end()
    case '/png':
      return send(200, PNG, { 'content-type': 'image/png' })
    case '/reset':
      return req.socket.destroy()
    case '/hang':
    case '/hang-body': {
      const entry = hangs.get(url.searchParams.get('id') ?? '')
      res.on('close', () => entry?.closed.resolve(!res.writableFinished))
      entry?.arrived.resolve()
      // /hang-body sends headers and half a body, then stalls: the timeout must cover body reads too.
      if (url.pathname === '/hang-body') {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write('{"name":')
      }
      return
    }
    case '/echo': {
      let body = ''
      req.setEncoding('utf8')
      req.on('data', (chunk: string) => (body += chunk))
      req.on('end', () =>
        send(200, JSON.stringify({
          method: req.method,
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          body: body === '' ? null : JSON.parse(body),
          contentType: req.headers['content-type'] ?? null,
          accept: req.headers.accept ?? null,
          custom: req.headers['x-custom'] ?? null,
        })),
      )
      return
    }
    default:
      return send(404, '{}')
  }
})
server.on('connection', (socket) => {
  sockets.add(socket)
  socket.on('close', () => sockets.delete(socket))
})

let baseUrl = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  // Hanging responses never end on their own, so their sockets must be destroyed for close() to return.
  for (const socket of sockets) socket.destroy()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const itemSchema = z.object({ name: z.string(), count: z.number() })
const echoSchema = z.object({
  method: z.string(),
  path: z.string(),
  query: z.record(z.string()),
  body: z.unknown(),
  contentType: z.string().nullable(),
  accept: z.string().nullable(),
  custom: z.string().nullable(),
})

describe('buildUrl', () => {
  test('default', () => {
    expect(buildUrl('https://api.test', '/getWallets')).toBe('https://api.test/getWallets')
  })

  test('behavior: joins base and path with exactly one slash', () => {
    expect(buildUrl('https://api.test/', '/v1/x')).toBe('https://api.test/v1/x')
    expect(buildUrl('https://api.test', 'v1/supported-chains')).toBe('https://api.test/v1/supported-chains')
    expect(buildUrl('https://api.test/base', '')).toBe('https://api.test/base')
  })

  test('behavior: skips null and undefined, comma-joins arrays, drops empty arrays, encodes values', () => {
    const url = buildUrl('https://api.test', '/getWallets', {
      page: 1,
      search: 'a b&c',
      badge_type: undefined,
      exclude: null,
      include: [],
      chains: ['eip155:1', 'eip155:10'],
      forceUpdate: true,
    })
    expect(url).toBe('https://api.test/getWallets?page=1&search=a+b%26c&chains=eip155%3A1%2Ceip155%3A10&forceUpdate=true')
  })

  test('behavior: appends clientId last, after an existing query, and overrides a clientId param', () => {
    expect(buildUrl('https://api.test', '/e?st=1', { sv: 'x' }, 'cid')).toBe('https://api.test/e?st=1&sv=x&clientId=cid')
    expect(buildUrl('https://api.test', '/e', { clientId: 'other' }, 'cid')).toBe('https://api.test/e?clientId=cid')
    expect(buildUrl('https://api.test', '/e', {}, '')).toBe('https://api.test/e')
  })

  test('behavior: any string params round-trip through the query', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), fc.string()), (params) => {
        const parsed = new URL(buildUrl('https://api.test', '/p', params)).searchParams
        expect(Object.fromEntries(parsed)).toEqual({ ...params })
      }),
    )
  })
})

describe('createHttpClient', () => {
  test('default', async () => {
    const api = createHttpClient({ baseUrl })
    const item: { name: string; count: number } = await api.get({ path: '/json', schema: itemSchema })
    expect(item).toEqual({ name: 'airlock', count: 2 })
    expect(api.baseUrl).toBe(baseUrl)
  })

  test('behavior: sends params and clientId in the query', async () => {
    const api = createHttpClient({ baseUrl, clientId: 'client-1' })
    const echo = await api.get({ path: '/echo', params: { page: 2, chains: ['eip155:1', 'solana:x'], cursor: undefined }, schema: echoSchema })
    expect(echo.method).toBe('GET')
    expect(echo.query).toEqual({ page: '2', chains: 'eip155:1,solana:x', clientId: 'client-1' })
    expect(echo.body).toBeNull()
    expect(echo.contentType).toBeNull()
  })

  test('behavior: merges client and request headers, request winning', async () => {
    const api = createHttpClient({ baseUrl, headers: { 'x-custom': 'client', accept: 'text/plain' } })
    const a = await api.get({ path: '/echo', schema: echoSchema })
    const b = await api.get({ path: '/echo', schema: echoSchema, headers: { 'x-custom': 'request' } })
    expect([a.custom, a.accept, b.custom]).toEqual(['client', 'text/plain', 'request'])
  })

  test('behavior: POST sends a JSON body and returns unknown without a schema', async () => {
    const api = createHttpClient({ baseUrl, clientId: 'c' })
    const result: unknown = await api.post({ path: '/echo', params: { projectId: 'p' }, body: { eventId: 'e1', props: { type: 'track' } } })
    expect(result).toMatchObject({
      method: 'POST',
      query: { projectId: 'p', clientId: 'c' },
      body: { eventId: 'e1', props: { type: 'track' } },
      contentType: 'application/json',
    })
  })

  test('behavior: PUT and DELETE send bodies and validate with a schema', async () => {
    const api = createHttpClient({ baseUrl })
    const put = await api.put({ path: '/echo', body: { a: 1 }, schema: echoSchema })
    const del = await api.delete({ path: '/echo', body: ['x'], schema: echoSchema })
    expect([put.method, put.body, put.contentType]).toEqual(['PUT', { a: 1 }, 'application/json'])
    expect([del.method, del.body]).toEqual(['DELETE', ['x']])
  })

  test('behavior: a write without body sends no content-type, and an empty 204 answer is undefined', async () => {
    const api = createHttpClient({ baseUrl })
    const echo = await api.delete({ path: '/echo', schema: echoSchema })
    expect([echo.method, echo.body, echo.contentType]).toEqual(['DELETE', null, null])
    await expect(api.post({ path: '/empty', body: {} })).resolves.toBeUndefined()
  })

  test('behavior: schemas with transforms give the transformed type', async () => {
    const api = createHttpClient({ baseUrl })
    const upper: string = await api.get({ path: '/json', schema: itemSchema.transform((item) => item.name.toUpperCase()) })
    expect(upper).toBe('AIRLOCK')
  })

  test('behavior: 500 throws HttpError with the exact message, status and body', async () => {
    const api = createHttpClient({ baseUrl })
    const error = await api.get({ path: '/500', schema: itemSchema }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toBeInstanceOf(BaseError)
    const http = error as HttpError
    expect(http.message).toBe('HTTP status code: 500')
    expect(http.status).toBe(500)
    expect(http.body).toContain('boom')
    expect(http.details).toBe(`GET ${baseUrl}/500`)
    expect(toErrorInfo(http)).toEqual({ message: 'HTTP status code: 500', code: 500 })
  })

  test('behavior: 429 throws HttpError with retryAfter from the header', async () => {
    const api = createHttpClient({ baseUrl })
    const error = await api.post({ path: '/429', body: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).message).toBe('HTTP status code: 429')
    expect((error as HttpError).status).toBe(429)
    expect((error as HttpError).retryAfter).toBe(7)
  })

  test('behavior: an HTML body throws ResponseParseError', async () => {
    const api = createHttpClient({ baseUrl })
    const error = await api.get({ path: '/html', schema: itemSchema }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseParseError)
    expect((error as ResponseParseError).message).toBe('Invalid JSON response')
    expect((error as ResponseParseError).details).toContain('<!doctype html>')
    expect((error as ResponseParseError).cause).toBeInstanceOf(SyntaxError)
  })

  test('behavior: a wrong shape throws ResponseSchemaError with zod messages and paths', async () => {
    const api = createHttpClient({ baseUrl })
    const error = await api.get({ path: '/wrong', schema: itemSchema }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseSchemaError)
    const schemaError = error as ResponseSchemaError
    expect(schemaError.issues).toEqual(['name: Expected string, received number', 'count: Required'])
    expect(schemaError.details).toBe(`GET ${baseUrl}/wrong: name: Expected string, received number; count: Required`)
  })

  test('behavior: a hanging response throws HttpTimeoutError', async () => {
    const api = createHttpClient({ baseUrl })
    const { closedUnfinished } = watchHang('timeout')
    const error = await api.get({ path: '/hang', params: { id: 'timeout' }, schema: itemSchema, timeoutMs: 100 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpTimeoutError)
    expect((error as HttpTimeoutError).message).toBe('Request timed out')
    expect((error as HttpTimeoutError).timeoutMs).toBe(100)
    await expect(closedUnfinished).resolves.toBe(true)
  })

  test('behavior: a body that stalls midway also times out, using the client default', async () => {
    const api = createHttpClient({ baseUrl, timeoutMs: 100 })
    watchHang('body')
    await expect(api.get({ path: '/hang-body', params: { id: 'body' }, schema: itemSchema })).rejects.toBeInstanceOf(HttpTimeoutError)
  })

  test('behavior: a caller abort throws HttpAbortError and closes the connection', async () => {
    const api = createHttpClient({ baseUrl })
    const { arrived, closedUnfinished } = watchHang('abort')
    const controller = new AbortController()
    const pending = api.get({ path: '/hang', params: { id: 'abort' }, schema: itemSchema, signal: controller.signal })
    await arrived
    controller.abort()
    const error = await pending.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpAbortError)
    expect((error as HttpAbortError).message).toBe('Request was aborted')
    await expect(closedUnfinished).resolves.toBe(true)
  })

  test('behavior: an already aborted signal, or a caller timeout signal, counts as an abort', async () => {
    const api = createHttpClient({ baseUrl })
    await expect(api.get({ path: '/json', schema: itemSchema, signal: AbortSignal.abort() })).rejects.toBeInstanceOf(HttpAbortError)
    watchHang('caller-timeout')
    const callerTimeout = api.get({ path: '/hang', params: { id: 'caller-timeout' }, schema: itemSchema, signal: AbortSignal.timeout(50) })
    await expect(callerTimeout).rejects.toBeInstanceOf(HttpAbortError)
  })

  test('behavior: a refused connection throws HttpNetworkError with the cause', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const api = createHttpClient({ baseUrl: `http://127.0.0.1:${port}` })
    const error = await api.get({ path: '/json', schema: itemSchema }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpNetworkError)
    expect((error as HttpNetworkError).message).toBe('Network request failed')
    expect((error as HttpNetworkError).cause).toBeInstanceOf(TypeError)
  })

  test('behavior: a reset socket throws HttpNetworkError', async () => {
    const api = createHttpClient({ baseUrl })
    await expect(api.post({ path: '/reset', body: {} })).rejects.toBeInstanceOf(HttpNetworkError)
  })

  test('behavior: getBlob returns the bytes and type untouched', async () => {
    const api = createHttpClient({ baseUrl, clientId: 'c' })
    const blob = await api.getBlob({ path: '/png' })
    expect(blob.type).toBe('image/png')
    expect(Buffer.from(await blob.arrayBuffer()).equals(PNG)).toBe(true)
    await expect(api.getBlob({ path: '/missing' })).rejects.toThrow('HTTP status code: 404')
  })

  test('behavior: uses the given fetch with a signal', async () => {
    const seen: { url: string; hasSignal: boolean }[] = []
    const recording: typeof fetch = (input, init) => {
      seen.push({ url: String(input), hasSignal: init?.signal instanceof AbortSignal })
      return fetch(input, init)
    }
    const api = createHttpClient({ baseUrl, fetch: recording, clientId: 'c' })
    await api.get({ path: '/json', schema: itemSchema })
    expect(seen).toEqual([{ url: `${baseUrl}/json?clientId=c`, hasSignal: true }])
  })
})
