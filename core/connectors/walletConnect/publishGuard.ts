/**
 * The parts of the WalletConnect SDK (@walletconnect/core 2.25) the guard hooks into. They are not
 * public API; every one is optional, and without them the guard does nothing (requests then behave
 * as the SDK alone makes them).
 */
export interface GuardedCore {
  readonly relayer?: {
    /** Sends one JSON-RPC request over the relay socket, waiting for the socket first. */
    request?: (request: RelayRequest) => Promise<unknown>
    /** Resolves once the socket is open (private in the SDK's types). */
    toEstablishConnection?: () => Promise<void>
    /** Publishes that failed once, retried on every heartbeat until sent. */
    readonly publisher?: { readonly queue?: Map<string, { readonly request?: RelayRequest }> }
  }
  /** The SDK's record of the JSON-RPC requests it sent, set before it publishes one. */
  readonly history?: { set?: (topic: string, request: { id: number; method: string; params?: unknown }) => unknown }
}

interface RelayRequest {
  readonly method?: string
  readonly params?: { readonly correlationId?: unknown }
}

/** One of our requests to the wallet, as the guard tracks it. */
export interface GuardedRequest {
  readonly method: string
  readonly params: unknown
}

export interface PublishGuard {
  /** Starts tracking a request about to be handed to the SDK; call `done` when it settled. */
  track(request: GuardedRequest): { readonly published: () => boolean; withdraw(): void; done(): void }
}

/**
 * Keeps a request the page has given up on from reaching the wallet later (issue 21: never sent
 * twice). While the relay is down the SDK keeps a session request in its publisher queue and
 * sends it once the relay is back, even after Airlock told the page it failed; a person who then
 * retries could pay twice. The guard learns each request's JSON-RPC id when the SDK records it
 * (`history.set`, just before publishing; the relay message carries it as `correlationId`),
 * remembers which were published, and refuses to send a withdrawn one: it is dropped from the
 * queue, and a send already waiting for the socket is answered locally instead of going out.
 * @example const guard = installPublishGuard(provider.client.core); const job = guard.track({ method, params })
 */
export function installPublishGuard(core: GuardedCore | undefined): PublishGuard {
  interface Entry extends GuardedRequest {
    id: string | null
    withdrawn: boolean
    published: boolean
  }
  const waiting: Entry[] = []
  const byId = new Map<string, Entry>()
  const withdrawnIds = new Set<string>()
  const relayer = core?.relayer
  const history = core?.history

  const withdrawId = (id: string): void => {
    withdrawnIds.add(id)
    const queue = relayer?.publisher?.queue
    if (queue) for (const [key, item] of queue) if (correlationOf(item.request) === id) queue.delete(key)
  }

  if (history?.set && relayer?.request) {
    const set = history.set.bind(history)
    history.set = (topic, request) => {
      const result = set(topic, request)
      const inner = request.method === 'wc_sessionRequest' ? (request.params as { request?: GuardedRequest } | undefined)?.request : undefined
      // The oldest request of ours with the same method and params that has no id yet is this one.
      const entry = inner && waiting.find((e) => e.id === null && e.method === inner.method && sameParams(e.params, inner.params))
      if (entry) {
        entry.id = String(request.id)
        byId.set(entry.id, entry)
        if (entry.withdrawn) withdrawId(entry.id)
      }
      return result
    }
    const send = relayer.request.bind(relayer)
    relayer.request = async (request) => {
      const id = correlationOf(request)
      if (id === null) return send(request)
      // Wait for the socket here, then look again: a request withdrawn meanwhile never goes out.
      await relayer.toEstablishConnection?.()
      if (withdrawnIds.has(id)) return true
      const result = await send(request)
      const entry = byId.get(id)
      if (entry) entry.published = true
      return result
    }
  }

  return {
    track(request) {
      const entry: Entry = { method: request.method, params: request.params, id: null, withdrawn: false, published: false }
      waiting.push(entry)
      return {
        published: () => entry.published,
        withdraw() {
          entry.withdrawn = true
          if (entry.id !== null && !entry.published) withdrawId(entry.id)
        },
        done() {
          waiting.splice(waiting.indexOf(entry), 1)
          if (entry.id !== null) byId.delete(entry.id)
        },
      }
    },
  }
}

function correlationOf(request: RelayRequest | undefined): string | null {
  const id = request?.params?.correlationId
  return request?.method?.endsWith('_publish') && (typeof id === 'string' || typeof id === 'number' || typeof id === 'bigint') ? String(id) : null
}

function sameParams(a: unknown, b: unknown): boolean {
  if (a === b) return true
  try {
    return JSON.stringify(a) === JSON.stringify(b)
  } catch {
    return false
  }
}
