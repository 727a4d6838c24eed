import { createServer } from 'node:http'
import { createClient } from 'redis'
import { createMemoryNonceStore, createMemorySessionStore, createRedisNonceStore, createRedisSessionStore, type SiwxNonceStore, type SiwxServerSessionStore } from '../../core/siwx/server/index.js'
import { listen } from '../devnet/httpServer.js'
import { createSiwxRoutes, type SiwxRoutesOptions } from './siwxRoutes.js'

export interface SiwxServerOptions extends Omit<SiwxRoutesOptions, 'nonces' | 'sessions'> {
  readonly port?: number
  readonly host?: string
  /** `redis://127.0.0.1:6379`: nonces and sessions shared by every server using it. Absent: this process's memory. */
  readonly redisUrl?: string
  /** Key prefix in Redis (default `airlock:siwx:`). */
  readonly prefix?: string
  /** Named in each answer's `x-siwx-server` header, so a test can tell which server answered. */
  readonly name?: string
}

export interface SiwxServer {
  readonly url: string
  readonly port: number
  close(): Promise<void>
}

/**
 * The reference sign-in back end: Node's own `http`, the routes of `createSiwxRoutes`, stores on
 * Redis when `redisUrl` is given (run as many of these as you like behind one load balancer), in
 * memory otherwise.
 * @example const server = await startSiwxServer({ port: 8790, redisUrl: 'redis://127.0.0.1:6379', allowedOrigins: ['https://dapp.example'] })
 */
export async function startSiwxServer(options: SiwxServerOptions): Promise<SiwxServer> {
  const { port = 0, host = '127.0.0.1', redisUrl, prefix, name, ...routeOptions } = options
  let nonces: SiwxNonceStore
  let sessions: SiwxServerSessionStore
  let quit = async () => {}
  if (redisUrl) {
    // No offline queue: while Redis is away a sign-in fails at once with a clear error, never waits.
    const client = createClient({ url: redisUrl, disableOfflineQueue: true, socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(50 * (retries + 1), 1_000) } })
    client.on('error', () => {}) // reported per request (503); the client reconnects on its own
    await client.connect()
    nonces = createRedisNonceStore({ client, prefix })
    sessions = createRedisSessionStore({ client, prefix })
    quit = async () => void (await client.close().catch(() => client.destroy()))
  } else {
    nonces = createMemoryNonceStore()
    sessions = createMemorySessionStore()
  }
  const routes = createSiwxRoutes({ ...routeOptions, nonces, sessions })
  const server = createServer((req, res) => {
    if (name) res.setHeader('x-siwx-server', name)
    routes(req, res)
      .then((handled) => {
        if (!handled) {
          res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
          res.end(JSON.stringify({ reason: 'not_found', message: 'Only /siwx/ routes live here' }))
        }
      })
      .catch(() => res.destroy())
  })
  const listening = await listen(server, { port, host })
  return {
    url: listening.url,
    port: listening.port,
    close: async () => {
      await listening.close()
      await quit()
    },
  }
}
