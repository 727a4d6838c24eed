import { describe, expect, test } from 'vitest'
import { installPublishGuard, type GuardedCore } from './publishGuard.js'

/** The SDK's send path in small: history.set, then a publish over a socket that may be down. */
function fakeCore() {
  let open = false
  const waiting: (() => void)[] = []
  const sent: unknown[] = []
  const queue = new Map<string, { request: { method: string; params: { correlationId: number } } }>()
  const core = {
    history: { set: (_topic: string, _request: { id: number; method: string; params?: unknown }) => undefined },
    relayer: {
      publisher: { queue },
      toEstablishConnection: () => (open ? Promise.resolve() : new Promise<void>((resolve) => void waiting.push(resolve))),
      request: async (request: unknown) => {
        await core.relayer.toEstablishConnection()
        sent.push(request)
        return true
      },
    },
  }
  /** What the SDK does for one session request: record it, then publish it (queued when it fails). */
  const sdkRequest = (id: number, method: string, params: unknown) => {
    core.history.set('topic', { id, method: 'wc_sessionRequest', params: { request: { method, params }, chainId: 'eip155:1' } })
    const publish = { method: 'irn_publish', params: { correlationId: id } }
    if (!open) queue.set(`relay-${id}`, { request: publish })
    return core.relayer.request(publish)
  }
  return {
    core,
    sent,
    queue,
    sdkRequest,
    open: () => {
      open = true
      for (const resolve of waiting.splice(0)) resolve()
    },
  }
}

describe('installPublishGuard', () => {
  test('behavior: a request withdrawn while the socket is down never goes out, and leaves the queue', async () => {
    const sdk = fakeCore()
    const guard = installPublishGuard(sdk.core as unknown as GuardedCore)
    const job = guard.track({ method: 'eth_sendTransaction', params: [{ to: '0x01' }] })
    const publishing = sdk.sdkRequest(7, 'eth_sendTransaction', [{ to: '0x01' }])
    expect(sdk.queue.size).toBe(1)
    job.withdraw()
    expect(sdk.queue.size).toBe(0)
    sdk.open()
    await publishing
    expect(sdk.sent).toEqual([])
    expect(job.published()).toBe(false)
  })

  test('behavior: a request the relay took counts as published, and a later withdraw does not unsend it', async () => {
    const sdk = fakeCore()
    sdk.open()
    const guard = installPublishGuard(sdk.core as unknown as GuardedCore)
    const job = guard.track({ method: 'personal_sign', params: ['0x01', '0xabc'] })
    await sdk.sdkRequest(8, 'personal_sign', ['0x01', '0xabc'])
    expect(job.published()).toBe(true)
    job.withdraw()
    expect(sdk.sent).toHaveLength(1)
  })

  test('behavior: requests are matched by method and params, oldest first; others pass untouched', async () => {
    const sdk = fakeCore()
    const guard = installPublishGuard(sdk.core as unknown as GuardedCore)
    const first = guard.track({ method: 'eth_sendTransaction', params: [{ value: '0x1' }] })
    const second = guard.track({ method: 'eth_sendTransaction', params: [{ value: '0x1' }] })
    const a = sdk.sdkRequest(1, 'eth_sendTransaction', [{ value: '0x1' }])
    const b = sdk.sdkRequest(2, 'eth_sendTransaction', [{ value: '0x1' }])
    const other = sdk.sdkRequest(3, 'eth_call', [])
    second.withdraw()
    sdk.open()
    await Promise.all([a, b, other])
    expect(sdk.sent).toEqual([
      { method: 'irn_publish', params: { correlationId: 1 } },
      { method: 'irn_publish', params: { correlationId: 3 } },
    ])
    expect(first.published()).toBe(true)
  })

  test('behavior: withdrawn before the SDK recorded it: the id is refused when it comes', async () => {
    const sdk = fakeCore()
    const guard = installPublishGuard(sdk.core as unknown as GuardedCore)
    const job = guard.track({ method: 'eth_sendTransaction', params: [] })
    job.withdraw()
    const publishing = sdk.sdkRequest(9, 'eth_sendTransaction', [])
    sdk.open()
    await publishing
    expect(sdk.sent).toEqual([])
  })

  test('error: an SDK without the hooks is left alone (the guard does nothing)', () => {
    const guard = installPublishGuard({})
    const job = guard.track({ method: 'personal_sign', params: [] })
    expect(() => job.withdraw()).not.toThrow()
    expect(job.published()).toBe(false)
    expect(() => installPublishGuard(undefined).track({ method: 'x', params: null }).done()).not.toThrow()
  })
})
