// The fault harness (issue 21): one helper per component, so a Chromium or Node test can make one
// part of the stack fail the way it fails in the field, then let it come back.
//   - startFaultProxy: a TCP proxy in front of any port (chain RPC, gateway, relay, frame) that
//     passes, refuses, hangs, delays, or cuts every open connection;
//   - anvil's own pause()/resume() (examples/devnet/anvil.ts): a hung node, SIGSTOP/SIGCONT;
//   - failRoutes: Playwright routes that answer 500, garbage, HTML or never.
import { createServer, connect, type Server, type Socket } from 'node:net'
import type { BrowserContext, Page, Route } from 'playwright-core'

export type ProxyMode = 'pass' | 'refuse' | 'hang' | 'delay'

export interface FaultProxy {
  /** The proxy's port on 127.0.0.1 (point the client here instead of at the target). */
  readonly port: number
  /** `http://127.0.0.1:<port>` (or `ws://` with `url('ws')`). */
  url(scheme?: 'http' | 'ws'): string
  readonly mode: ProxyMode
  /**
   * `pass` forwards; `refuse` closes each new connection at once (connection reset); `hang`
   * accepts and never answers; `delay` forwards each chunk `delayMs` later.
   */
  setMode(mode: ProxyMode, options?: { delayMs?: number }): void
  /** Drops every open connection (a relay or server restart, a network blip). */
  cut(): void
  /** Connections accepted so far (a test can check a client really came through here). */
  readonly accepted: number
  close(): Promise<void>
}

/**
 * A TCP proxy in front of `target` on 127.0.0.1, with a switch for each way a service fails.
 * @example const proxy = await startFaultProxy({ port: anvil.port }); proxy.setMode('hang')
 */
export async function startFaultProxy(target: { port: number; host?: string }, initial: ProxyMode = 'pass'): Promise<FaultProxy> {
  let mode: ProxyMode = initial
  let delayMs = 0
  let accepted = 0
  const open = new Set<Socket>()
  const track = (socket: Socket): Socket => {
    open.add(socket)
    socket.once('close', () => open.delete(socket))
    // A reset peer is part of what is being tested, never an uncaught error here.
    socket.on('error', () => socket.destroy())
    return socket
  }
  const server: Server = createServer((client) => {
    accepted++
    track(client)
    if (mode === 'refuse') return void client.resetAndDestroy()
    if (mode === 'hang') return
    const upstream = track(connect({ port: target.port, host: target.host ?? '127.0.0.1' }))
    // The mode is read per chunk, so connections already open (keep-alive, a relay socket) hang,
    // slow down or die with the switch too, not only new ones.
    const forward = (from: Socket, to: Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (mode === 'hang') return
        if (mode === 'refuse') return void from.destroy()
        const send = () => to.writable && to.write(chunk)
        if (mode === 'delay' && delayMs > 0) setTimeout(send, delayMs)
        else send()
      })
    forward(client, upstream)
    forward(upstream, client)
    // When one side closes, the other follows, after what is still being delayed has gone out.
    const end = () => {
      const close = () => {
        client.destroy()
        upstream.destroy()
      }
      if (mode === 'delay' && delayMs > 0) setTimeout(close, delayMs + 1)
      else close()
    }
    client.once('close', end)
    upstream.once('close', end)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    port,
    url: (scheme = 'http') => `${scheme}://127.0.0.1:${port}`,
    get mode() {
      return mode
    },
    setMode(next, options = {}) {
      mode = next
      delayMs = options.delayMs ?? 0
      // Hanging or refusing means the connections already open stop answering too.
      if (next === 'refuse') for (const socket of open) socket.destroy()
    },
    cut() {
      for (const socket of open) socket.destroy()
    },
    get accepted() {
      return accepted
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

export type RouteFault = 500 | 429 | 'garbage' | 'html' | 'wrongShape' | 'hang' | 'refused'

/**
 * Makes every request matching `url` fail one way until the returned `restore()` (Playwright).
 * `hang` never answers (the request stays pending until the page gives up on it); `refused` fails
 * at once as a server that is down does (connection refused).
 * @example const restore = await failRoutes(page, /\/getWallets/, 'hang')
 */
export async function failRoutes(target: Page | BrowserContext, url: string | RegExp, fault: RouteFault): Promise<() => Promise<void>> {
  const hanging: Route[] = []
  const handler = async (route: Route): Promise<void> => {
    const json = { 'access-control-allow-origin': '*', 'content-type': 'application/json' }
    switch (fault) {
      case 500:
      case 429:
        return route.fulfill({ status: fault, headers: json, body: JSON.stringify({ message: 'fault injected' }) })
      case 'garbage':
        return route.fulfill({ status: 200, headers: json, body: '{"oops": tru' })
      case 'html':
        return route.fulfill({ status: 200, headers: { 'access-control-allow-origin': '*', 'content-type': 'text/html' }, body: '<!doctype html><title>Bad gateway</title>' })
      case 'wrongShape':
        return route.fulfill({ status: 200, headers: json, body: JSON.stringify({ data: 'not what you expected', count: '1' }) })
      case 'hang':
        hanging.push(route)
        return
      case 'refused':
        return route.abort('connectionrefused')
    }
  }
  await target.route(url, handler)
  return async () => {
    await target.unroute(url, handler)
    // Let what was held go on now, as a slow server finally answering would.
    for (const route of hanging.splice(0)) await route.continue().catch(() => undefined)
  }
}
