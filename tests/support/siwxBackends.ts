import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import { freePort } from '../../examples/devnet/anvil.js'
import { listen, type Listening } from '../../examples/devnet/httpServer.js'

export interface SiwxBackend {
  readonly name: string
  readonly url: string
  stop(): Promise<void>
}

/**
 * One reference sign-in back end (examples/siwx-server/main.ts) in its own Node process, the way a
 * dapp runs it: `node examples/run.mjs …` with its settings in the environment.
 * @example const a = await startSiwxBackend({ name: 'a', redisUrl, allowedOrigins: [page] })
 */
export async function startSiwxBackend(options: { name: string; redisUrl: string; allowedOrigins: readonly string[] }): Promise<SiwxBackend> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['examples/run.mjs', 'examples/siwx-server/main.ts'], {
    env: { ...process.env, SIWX_PORT: String(port), REDIS_URL: options.redisUrl, SIWX_ALLOWED_ORIGINS: options.allowedOrigins.join(','), SIWX_NAME: options.name },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // A test process that ends without its afterAll still takes the back end with it.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  const stop = () =>
    new Promise<void>((resolve) => {
      process.off('exit', killOnExit)
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGKILL')
    })
  try {
    await new Promise<void>((resolve, reject) => {
      let out = ''
      const timer = setTimeout(() => reject(new Error(`siwx back end ${options.name} did not start in 30 s: ${out}`)), 30_000)
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        if (out.includes('listening on')) {
          clearTimeout(timer)
          resolve()
        }
      })
      child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()))
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`siwx back end ${options.name} exited (${code}): ${out}`))
      })
    })
  } catch (error) {
    await stop()
    throw error
  }
  return { name: options.name, url: `http://127.0.0.1:${port}`, stop }
}

export interface RoundRobinProxy extends Listening {
  /** Which back end answered each `/siwx/` request, in order: `GET /siwx/nonce → a`. */
  readonly served: string[]
}

/**
 * A load balancer for the test: `/siwx/` requests go to the back ends in turn, everything else to
 * `fallback` (the demo's own server), headers (Host, Origin, Cookie) passed on as they came.
 * @example const proxy = await startRoundRobinProxy([a, b], devnet.urls.dapp)
 */
export async function startRoundRobinProxy(backends: readonly SiwxBackend[], fallback: string, port = 0): Promise<RoundRobinProxy> {
  const served: string[] = []
  let next = 0
  const forward = (req: IncomingMessage, res: ServerResponse, target: string, onAnswer?: () => void) => {
    const upstream = request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
      onAnswer?.()
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(`proxy: ${error.message}`)
    })
    req.pipe(upstream)
  }
  const server = createServer((req, res) => {
    if (!(req.url ?? '').startsWith('/siwx/')) return forward(req, res, fallback)
    const backend = backends[next++ % backends.length]!
    forward(req, res, backend.url, () => served.push(`${req.method} ${(req.url ?? '').split('?')[0]} → ${backend.name}`))
  })
  const listening = await listen(server, { port })
  return { ...listening, served }
}
