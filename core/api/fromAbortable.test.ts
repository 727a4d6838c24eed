import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { describe, expect, test, beforeAll, afterAll } from 'vitest'
import { Subject, firstValueFrom, lastValueFrom, switchMap, toArray } from 'rxjs'
import { z } from 'zod'
import { createHttpClient } from './createHttpClient.js'
import { HttpAbortError } from './errors.js'
import { fromAbortable } from './fromAbortable.js'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

// A real server whose /hang?id= requests never answer, reporting arrival and
// whether the connection closed before a response was finished.
const arrivals = new Map<string, ReturnType<typeof deferred<void>>>()
const closes = new Map<string, ReturnType<typeof deferred<boolean>>>()
function watch(id: string) {
  arrivals.set(id, deferred<void>())
  closes.set(id, deferred<boolean>())
  return { arrived: arrivals.get(id)!.promise, closedUnfinished: closes.get(id)!.promise }
}
const sockets = new Set<Socket>()
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const id = url.searchParams.get('id') ?? ''
  if (url.pathname === '/value') {
    res.writeHead(200, { 'content-type': 'application/json' })
    return res.end(JSON.stringify({ id }))
  }
  res.on('close', () => closes.get(id)?.resolve(!res.writableFinished))
  arrivals.get(id)?.resolve()
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
  for (const socket of sockets) socket.destroy()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const valueSchema = z.object({ id: z.string() })

describe('fromAbortable', () => {
  test('default', async () => {
    await expect(lastValueFrom(fromAbortable(async () => 42).pipe(toArray()))).resolves.toEqual([42])
  })

  test('behavior: is cold: run starts on subscribe, once per subscription, each with its own signal', async () => {
    const signals: AbortSignal[] = []
    const source = fromAbortable(async (signal) => {
      signals.push(signal)
      return signals.length
    })
    expect(signals).toHaveLength(0)
    await expect(firstValueFrom(source)).resolves.toBe(1)
    await expect(firstValueFrom(source)).resolves.toBe(2)
    expect(signals[0]).not.toBe(signals[1])
  })

  test('behavior: a rejection or a synchronous throw becomes an error notification', async () => {
    const boom = new Error('boom')
    await expect(firstValueFrom(fromAbortable(() => Promise.reject(boom)))).rejects.toBe(boom)
    await expect(
      firstValueFrom(
        fromAbortable(() => {
          throw boom
        }),
      ),
    ).rejects.toBe(boom)
  })

  test('behavior: unsubscribe aborts the signal and the late rejection is dropped', async () => {
    const work = deferred<number>()
    let seen: AbortSignal | undefined
    const notifications: string[] = []
    const subscription = fromAbortable((signal) => {
      seen = signal
      signal.addEventListener('abort', () => work.reject(signal.reason))
      return work.promise
    }).subscribe({ next: () => notifications.push('next'), error: () => notifications.push('error'), complete: () => notifications.push('complete') })
    expect(seen?.aborted).toBe(false)
    subscription.unsubscribe()
    expect(seen?.aborted).toBe(true)
    await expect(work.promise).rejects.toMatchObject({ name: 'AbortError' })
    expect(notifications).toEqual([])
  })

  test('behavior: completion does not abort the signal', async () => {
    let seen: AbortSignal | undefined
    await firstValueFrom(
      fromAbortable(async (signal) => {
        seen = signal
        return 'ok'
      }),
    )
    expect(seen?.aborted).toBe(false)
  })

  test('behavior: unsubscribing cancels the HTTP request (the server sees the socket close)', async () => {
    const api = createHttpClient({ baseUrl })
    const { arrived, closedUnfinished } = watch('unsub')
    let request: Promise<unknown> | undefined
    const notifications: string[] = []
    const subscription = fromAbortable((signal) => (request = api.get({ path: '/hang', params: { id: 'unsub' }, schema: valueSchema, signal }))).subscribe({
      next: () => notifications.push('next'),
      error: () => notifications.push('error'),
    })
    await arrived
    subscription.unsubscribe()
    await expect(closedUnfinished).resolves.toBe(true)
    await expect(request).rejects.toBeInstanceOf(HttpAbortError)
    expect(notifications).toEqual([])
  })

  test('behavior: switchMap cancels the superseded request and emits only the latest', async () => {
    const api = createHttpClient({ baseUrl })
    const { arrived, closedUnfinished } = watch('slow')
    const paths = new Subject<string>()
    const results = lastValueFrom(
      paths.pipe(
        switchMap((path) => fromAbortable((signal) => api.get({ path, params: { id: path === '/hang' ? 'slow' : 'fast' }, schema: valueSchema, signal }))),
        toArray(),
      ),
    )
    paths.next('/hang')
    await arrived
    paths.next('/value')
    paths.complete()
    await expect(results).resolves.toEqual([{ id: 'fast' }])
    await expect(closedUnfinished).resolves.toBe(true)
  })
})
