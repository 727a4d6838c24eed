import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { readFile, realpath, stat } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
}

export interface StaticFile {
  body: string | Uint8Array
  type?: string
  /** Extra response headers (e.g. a Content-Security-Policy that only a header can carry). */
  headers?: Readonly<Record<string, string>>
}

export interface StaticServerOptions {
  port: number
  host?: string
  /** Folder served from disk (dotfiles are never served). */
  root: string
  /** Files held in memory by URL path (e.g. `/assets/main.js`), checked before the disk. */
  files?: () => ReadonlyMap<string, StaticFile>
  /** Routes answered before any file (the demo's sign-in back end at `/siwx/`); true when handled. */
  routes?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>
}

export interface StaticServer {
  readonly url: string
  readonly port: number
  close(): Promise<void>
}

/**
 * A tiny static file server for the demo dapp: GET and HEAD only, content
 * types by extension, `Cache-Control: no-store` (every reload sees the fresh
 * bundle), and no way out of `root` (encoded `..`, backslashes, NUL bytes,
 * dotfiles and symlinks leading outside are all refused).
 */
export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const host = options.host ?? '127.0.0.1'
  const root = await realpath(resolve(options.root))

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, `Internal error: ${error instanceof Error ? error.message : String(error)}`)
      else res.destroy()
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (options.routes && (await options.routes(req, res))) return
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD')
      return send(res, 405, 'Method not allowed')
    }
    const rawPath = (req.url ?? '/').split('?')[0]!.split('#')[0]!
    let path: string
    try {
      path = decodeURIComponent(rawPath)
    } catch {
      return send(res, 400, 'Bad request')
    }
    if (!path.startsWith('/') || path.includes('\0') || path.includes('\\')) return send(res, 400, 'Bad request')
    const segments = path.split('/').filter(Boolean)
    if (segments.some((s) => s === '..' || s.startsWith('.'))) return send(res, 404, 'Not found')
    if (path.endsWith('/')) path += 'index.html'

    const memory = options.files?.().get(path)
    if (memory) return send(res, 200, memory.body, memory.type ?? typeFor(path), req.method === 'HEAD', memory.headers)

    const file = normalize(join(root, path))
    if (file !== root && !file.startsWith(root + sep)) return send(res, 404, 'Not found')
    let real: string
    try {
      real = await realpath(file)
      if (!real.startsWith(root + sep) || !(await stat(real)).isFile()) return send(res, 404, 'Not found')
    } catch {
      return send(res, 404, 'Not found')
    }
    return send(res, 200, await readFile(real), typeFor(real), req.method === 'HEAD')
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(options.port, host, () => {
      server.off('error', reject)
      resolveListen()
    })
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host}:${port}`,
    port,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((done) => server.close(() => done()))
    },
  }
}

function typeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

function send(res: ServerResponse, status: number, body: string | Uint8Array, type = 'text/plain; charset=utf-8', headOnly = false, headers: Readonly<Record<string, string>> = {}): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body
  res.writeHead(status, {
    ...headers,
    'content-type': type,
    'content-length': bytes.byteLength,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  })
  res.end(headOnly ? undefined : bytes)
}
