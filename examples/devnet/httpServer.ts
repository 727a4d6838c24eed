import type { IncomingMessage, Server } from 'node:http'
import { isIPv6, type AddressInfo } from 'node:net'
import { isLoopbackHost } from './loopback.js'

/** A dev service's listening server: where it is and how to stop it. */
export interface Listening {
  readonly url: string
  readonly port: number
  close(): Promise<void>
}

/**
 * Starts `server` on `host:port` (`port: 0` picks a free one); `close` drops open connections too.
 * @example const { url, close } = await listen(createServer(handler), { port: 0 })
 */
export async function listen(server: Server, { port = 0, host = '127.0.0.1' }: { port?: number; host?: string }): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const bound = (server.address() as AddressInfo).port
  return {
    url: `http://${host}:${bound}`,
    port: bound,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A request body over the limit: answer 413 and close the connection (the rest is never read). */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`Body too large (over ${limit} bytes)`)
  }
}

/**
 * The request body as text, at most `limit` bytes.
 * @example const text = await readBody(req, 64 * 1024) // throws BodyTooLarge past 64 KB
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw new BodyTooLarge(limit)
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * The origin a client reached this server at, for absolute URLs to the server's own routes (icons,
 * images) that must stay same-origin with the answer naming them: `http://` + the Host header when
 * it names this machine, so a client of `localhost:8787` gets localhost URLs and one of
 * `127.0.0.1:8787` gets 127.0.0.1 ones. Any other Host (a rebound domain, a forged header) is the
 * client's word only, so the address the connection really came in on is used instead.
 * @example requestOrigin(req) // 'http://127.0.0.1:8787'
 */
export function requestOrigin(req: IncomingMessage): string {
  const host = req.headers.host
  if (host && isLoopbackHost(host)) return new URL(`http://${host}`).origin
  // An IPv4 client of a dual-stack ('::') listener shows as '::ffff:a.b.c.d'.
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '')
  return `http://${isIPv6(address) ? `[${address}]` : address}:${req.socket.localPort}`
}
