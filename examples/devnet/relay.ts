import { createHash, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { z } from 'zod'
import { isLoopbackOrigin } from './loopback.js'

/**
 * A local WalletConnect relay (INFRA.md "Relay protocol"), speaking what
 * `@walletconnect/core` 2.25 sends: `irn_subscribe`, `irn_publish`,
 * `wc_proposeSession`, `wc_approveSession`, `irn_unsubscribe` and the batch
 * variants. Messages are kept per topic (a late subscriber still gets them),
 * never echoed to their sender, and delivery is remembered per client id (the
 * `iss` of the `auth` JWT), so a client that reconnects gets what it missed
 * and nothing twice. It exists because the real relay is unreachable here.
 */
export interface Relay {
  /** `ws://127.0.0.1:P`, the SDK's `relayUrl`. */
  readonly url: string
  readonly port: number
  /** Closes every client socket abruptly (no close handshake); the SDK reconnects on its own. */
  dropAllSockets(): void
  /** What the relay saw, for tests: method names of client requests in order. */
  readonly received: readonly string[]
  /** Client ids (`did:key:…`) with at least one open socket. */
  connectedClients(): string[]
  close(): Promise<void>
}

export interface RelayOptions {
  /** Default 0: any free port. */
  port?: number
  host?: string
  /** How often the relay pings each socket; the Node SDK drops a socket that has not been pinged for 35 s. */
  pingIntervalMs?: number
}

/** A message held in a topic's mailbox until its ttl runs out. */
interface StoredMessage {
  seq: number
  topic: string
  message: string
  tag: number
  publishedAt: number
  expiresAt: number
  attestation?: string
  sender: string
}

interface Client {
  readonly id: string
  readonly sockets: Set<WebSocket>
  readonly topics: Set<string>
  /** Sequence numbers of messages this client acknowledged. */
  readonly acked: Set<number>
}

/** The body of the 403 a websocket upgrade from another site's page gets. */
export const FOREIGN_ORIGIN_MESSAGE = 'The dev relay accepts pages on this machine only (localhost, 127.0.0.1, [::1]).'
const DEFAULT_TTL_SECONDS = 300
const MAX_FRAME_BYTES = 512 * 1024

const rpcId = z.union([z.number().int(), z.string().min(1).max(100), z.bigint()])
const requestFrame = z.object({ id: rpcId, jsonrpc: z.literal('2.0'), method: z.string().min(1).max(100), params: z.unknown().optional() })
const responseFrame = z.object({ id: rpcId, jsonrpc: z.literal('2.0').optional(), result: z.unknown().optional(), error: z.unknown().optional() })
const topic = z.string().min(1).max(256)
const publishBase = { ttl: z.number().int().positive().max(30 * 24 * 3600).optional(), tag: z.number().int().nonnegative().optional(), attestation: z.string().optional() }
const paramsByMethod = {
  irn_subscribe: z.object({ topic }),
  irn_batchSubscribe: z.object({ topics: z.array(topic).max(500) }),
  irn_unsubscribe: z.object({ topic, id: z.string().optional() }),
  irn_batchUnsubscribe: z.object({ subscriptions: z.array(z.object({ topic, id: z.string().optional() })).max(500) }),
  irn_batchFetchMessages: z.object({ topics: z.array(topic).max(500) }),
  irn_publish: z.object({ topic, message: z.string().min(1), ...publishBase }),
  wc_proposeSession: z.object({ pairingTopic: topic, sessionProposal: z.string().min(1), ...publishBase }),
  wc_approveSession: z.object({ sessionTopic: topic, pairingTopic: topic, sessionProposalResponse: z.string().min(1), sessionSettlementRequest: z.string().min(1), ...publishBase }),
} as const
type Method = keyof typeof paramsByMethod
type ParamsOf<M extends Method> = z.infer<(typeof paramsByMethod)[M]>

/** JSON-RPC error codes the relay answers with. */
const PARSE_ERROR = -32700
const INVALID_REQUEST = -32600
const METHOD_NOT_FOUND = -32601
const INVALID_PARAMS = -32602

/**
 * The subscription id the SDK computes for itself: sha256(topic + clientId), hex.
 * @example subscriptionId('ab12…', 'did:key:z6Mk…')
 */
export function subscriptionId(topicName: string, clientId: string): string {
  return createHash('sha256').update(topicName + clientId).digest('hex')
}

/**
 * The `iss` of the relay `auth` JWT (the client id), or undefined when the
 * token is not a JWT with a `did:key` issuer. Not verified: this is a dev relay.
 */
export function clientIdFromAuth(auth: string | null): string | undefined {
  const payload = auth?.split('.')[1]
  if (!payload) return undefined
  try {
    const parsed = z.object({ iss: z.string().startsWith('did:key:').max(200) }).safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')))
    return parsed.success ? parsed.data.iss : undefined
  } catch {
    return undefined
  }
}

/**
 * JSON with integers beyond 2^53 kept exact as bigint: the SDK's request ids
 * are 19-digit numbers, and an answer must carry the very same id back.
 */
function parseJson(text: string): unknown {
  const marked = text.replace(/([[:,]\s*)(-?\d{16,})(\s*[,}\]])/g, '$1"\\u0000big:$2"$3')
  return JSON.parse(marked, (_key, value: unknown) => (typeof value === 'string' && value.startsWith('\u0000big:') ? BigInt(value.slice(5)) : value))
}

function stringifyJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `\u0000big:${v}` : v)).replace(/"\\u0000big:(-?\d+)"/g, '$1')
}

/**
 * Starts the relay on 127.0.0.1 (default: a free port).
 * @example const relay = await startRelay(); new SignClient({ relayUrl: relay.url }); await relay.close()
 */
export async function startRelay(options: RelayOptions = {}): Promise<Relay> {
  const host = options.host ?? '127.0.0.1'
  const clients = new Map<string, Client>()
  const mailboxes = new Map<string, StoredMessage[]>()
  const received: string[] = []
  /** Our outgoing `irn_subscription` ids → what they delivered, per socket. */
  const outstanding = new WeakMap<WebSocket, Map<number, { client: Client; seq: number }>>()
  let seq = 0
  let nextRequestId = 1

  const server: Server = createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain; charset=utf-8' })
    res.end('This is the Airlock dev WalletConnect relay: connect with a WebSocket.')
  })
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })

  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    // Browsers send the page's Origin on a websocket upgrade and allow any: only pages on this
    // machine (or Node clients, which send none) may use the dev relay (issue L-13).
    if (!isLoopbackOrigin(req.headers.origin)) {
      socket.end(`HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n${FOREIGN_ORIGIN_MESSAGE}`)
      return
    }
    const url = new URL(req.url ?? '/', 'http://relay.local')
    const clientId = clientIdFromAuth(url.searchParams.get('auth'))
    if (!clientId) {
      socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nMissing or invalid auth JWT in the query.')
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, clientId))
  })

  function clientFor(id: string): Client {
    let client = clients.get(id)
    if (!client) clients.set(id, (client = { id, sockets: new Set(), topics: new Set(), acked: new Set() }))
    return client
  }

  function onConnection(ws: WebSocket, clientId: string): void {
    const client = clientFor(clientId)
    client.sockets.add(ws)
    outstanding.set(ws, new Map())
    ws.on('message', (data: RawData, isBinary: boolean) => onFrame(ws, client, data, isBinary))
    ws.on('close', () => client.sockets.delete(ws))
    ws.on('error', () => client.sockets.delete(ws))
  }

  function send(ws: WebSocket, payload: unknown): void {
    if (ws.readyState === ws.OPEN) ws.send(stringifyJson(payload))
  }
  const reply = (ws: WebSocket, id: unknown, result: unknown) => send(ws, { id, jsonrpc: '2.0', result })
  const fail = (ws: WebSocket, id: unknown, code: number, message: string) => send(ws, { id: id ?? null, jsonrpc: '2.0', error: { code, message } })

  function onFrame(ws: WebSocket, client: Client, data: RawData, isBinary: boolean): void {
    if (isBinary) return fail(ws, null, PARSE_ERROR, 'Binary frames are not supported: send JSON-RPC text.')
    let frame: unknown
    try {
      frame = parseJson(data.toString())
    } catch {
      return fail(ws, null, PARSE_ERROR, 'Parse error: the frame is not JSON.')
    }
    const request = requestFrame.safeParse(frame)
    if (!request.success) {
      const response = responseFrame.safeParse(frame)
      if (response.success && (response.data.result !== undefined || response.data.error !== undefined)) return onAck(ws, response.data.id, response.data.result === true)
      const id = typeof frame === 'object' && frame !== null && 'id' in frame ? rpcId.safeParse(frame.id).data : undefined
      return fail(ws, id, INVALID_REQUEST, 'Invalid request: expected a JSON-RPC 2.0 request with id and method.')
    }
    const { id, method } = request.data
    // A long `npm start` session must not grow without bound: keep the recent half.
    if (received.length >= 10_000) received.splice(0, 5_000)
    received.push(method)
    if (!Object.hasOwn(paramsByMethod, method)) return fail(ws, id, METHOD_NOT_FOUND, `Method not found: ${method}`)
    const params = paramsByMethod[method as Method].safeParse(request.data.params)
    if (!params.success) return fail(ws, id, INVALID_PARAMS, `Invalid params for ${method}: ${params.error.issues.map((i) => `${i.path.join('.') || 'params'} ${i.message}`).join('; ')}`)
    reply(ws, id, handle(client, method as Method, params.data as never))
  }

  function handle<M extends Method>(client: Client, method: M, params: ParamsOf<M>): unknown {
    switch (method) {
      case 'irn_subscribe': {
        const { topic: name } = params as ParamsOf<'irn_subscribe'>
        subscribe(client, name)
        return subscriptionId(name, client.id)
      }
      case 'irn_batchSubscribe': {
        const { topics } = params as ParamsOf<'irn_batchSubscribe'>
        for (const name of topics) subscribe(client, name)
        return topics.map((name) => subscriptionId(name, client.id))
      }
      case 'irn_unsubscribe':
        client.topics.delete((params as ParamsOf<'irn_unsubscribe'>).topic)
        return true
      case 'irn_batchUnsubscribe':
        for (const { topic: name } of (params as ParamsOf<'irn_batchUnsubscribe'>).subscriptions) client.topics.delete(name)
        return true
      case 'irn_batchFetchMessages': {
        // Hands over (and counts as delivered) whatever is waiting on these topics.
        const messages = (params as ParamsOf<'irn_batchFetchMessages'>).topics.flatMap((name) => pendingFor(client, name))
        for (const message of messages) client.acked.add(message.seq)
        return { messages: messages.map(eventData), hasMore: false }
      }
      case 'irn_publish': {
        const p = params as ParamsOf<'irn_publish'>
        publish(client, p.topic, p.message, p)
        return true
      }
      case 'wc_proposeSession': {
        const p = params as ParamsOf<'wc_proposeSession'>
        subscribe(client, p.pairingTopic)
        publish(client, p.pairingTopic, p.sessionProposal, { ...p, tag: p.tag ?? 1100 })
        return true
      }
      case 'wc_approveSession': {
        const p = params as ParamsOf<'wc_approveSession'>
        subscribe(client, p.sessionTopic)
        publish(client, p.pairingTopic, p.sessionProposalResponse, { ...p, tag: 1101 })
        publish(client, p.sessionTopic, p.sessionSettlementRequest, { ...p, tag: 1102 })
        return true
      }
    }
    return undefined
  }

  function subscribe(client: Client, name: string): void {
    client.topics.add(name)
    for (const message of pendingFor(client, name)) deliver(client, message)
  }

  /** Live messages on a topic this client has neither sent nor acknowledged. */
  function pendingFor(client: Client, name: string): StoredMessage[] {
    const now = Date.now()
    const box = (mailboxes.get(name) ?? []).filter((m) => m.expiresAt > now)
    if (box.length) mailboxes.set(name, box)
    else mailboxes.delete(name)
    return box.filter((m) => m.sender !== client.id && !client.acked.has(m.seq))
  }

  function publish(sender: Client, name: string, message: string, opts: { ttl?: number; tag?: number; attestation?: string }): void {
    const publishedAt = Date.now()
    const stored: StoredMessage = {
      seq: ++seq,
      topic: name,
      message,
      tag: opts.tag ?? 0,
      publishedAt,
      expiresAt: publishedAt + (opts.ttl ?? DEFAULT_TTL_SECONDS) * 1000,
      sender: sender.id,
      ...(opts.attestation ? { attestation: opts.attestation } : {}),
    }
    mailboxes.set(name, [...(mailboxes.get(name) ?? []).filter((m) => m.expiresAt > publishedAt), stored])
    for (const client of clients.values()) {
      if (client !== sender && client.topics.has(name)) deliver(client, stored)
    }
  }

  function eventData(m: StoredMessage) {
    return { topic: m.topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag, ...(m.attestation ? { attestation: m.attestation } : {}) }
  }

  function deliver(client: Client, message: StoredMessage): void {
    for (const ws of client.sockets) {
      if (ws.readyState !== ws.OPEN) continue
      const id = nextRequestId++
      outstanding.get(ws)?.set(id, { client, seq: message.seq })
      send(ws, { id, jsonrpc: '2.0', method: 'irn_subscription', params: { id: subscriptionId(message.topic, client.id), data: eventData(message) } })
    }
  }

  function onAck(ws: WebSocket, id: unknown, ok: boolean): void {
    const pending = outstanding.get(ws)
    const key = typeof id === 'number' ? id : Number(id)
    const entry = pending?.get(key)
    if (!entry) return
    pending!.delete(key)
    if (ok) entry.client.acked.add(entry.seq)
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo

  const pinger = setInterval(() => {
    for (const ws of wss.clients) if (ws.readyState === ws.OPEN) ws.ping()
  }, options.pingIntervalMs ?? 15_000)
  pinger.unref()

  let closing: Promise<void> | undefined
  return {
    url: `ws://${host}:${port}`,
    port,
    received,
    dropAllSockets: () => {
      for (const ws of wss.clients) ws.terminate()
    },
    connectedClients: () => [...clients.values()].filter((c) => [...c.sockets].some((ws) => ws.readyState === ws.OPEN)).map((c) => c.id),
    close: () =>
      (closing ??= (async () => {
        clearInterval(pinger)
        for (const ws of wss.clients) ws.terminate()
        await new Promise<void>((resolve) => wss.close(() => resolve()))
        server.closeAllConnections()
        await new Promise<void>((resolve) => server.close(() => resolve()))
      })()),
  }
}

/** A random topic (32 bytes hex), like the SDK's, for tests. */
export function randomTopic(): string {
  return createHash('sha256').update(randomUUID()).digest('hex')
}
