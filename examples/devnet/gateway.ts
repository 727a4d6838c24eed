import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DEFAULT_WALLETS, placeholderSvg, queryWallets, RegistryQueryError, walletImage, type RegistryWallet } from './walletRegistry.js'
import { readBody } from './httpServer.js'
import { isLoopbackOrigin } from './loopback.js'
import { createMailbox, mailboxRoute, type Mailbox } from './mailbox.js'

export { DEFAULT_WALLETS, KNOWN_WALLETS, type RegistryWallet } from './walletRegistry.js'

/**
 * A local stand-in for the cloud APIs Airlock calls (SPEC 7), speaking the
 * same HTTP contract: project config, allowed origins, wallet registry and
 * the analytics sink. It exists because the real services are unreachable
 * here; everything it serves is plain data a test can inspect.
 */
export interface GatewayProject {
  /** `GET /appkit/v1/config` features; omit to answer 404 (no remote config). */
  features?: { id: string; isEnabled: boolean; config?: string[] | null }[]
  allowedOrigins?: string[]
  isAnalyticsEnabled?: boolean
}

export interface GatewayOptions {
  port?: number
  host?: string
  projects?: Record<string, GatewayProject>
  /** The wallet registry behind `GET /getWallets` and `GET /getWalletImage/{id}` (default: `DEFAULT_WALLETS`). */
  wallets?: readonly RegistryWallet[]
  /** Extra routes, checked first: return true when handled. */
  routes?: (req: IncomingMessage, url: URL, res: ServerResponse) => boolean | Promise<boolean>
  /** The dev mailbox behind `/dev/mailbox/{email}` (one-time codes of the dev frame); default: a fresh one. */
  mailbox?: Mailbox
  /** Told when a page asks for a project's allowed origins (`GET /projects/v1/origins`) from an origin not on them, so the dev stack can say how to allow it. */
  onRefusedOrigin?: (origin: string, projectId: string) => void
}

export interface RecordedEvent {
  query: Record<string, string>
  origin: string | null
  body: unknown
}

export interface Gateway {
  readonly url: string
  readonly port: number
  /** Analytics events received on `POST /e`, oldest first. */
  readonly events: RecordedEvent[]
  /** Every request as `METHOD /path?query`. */
  readonly requests: string[]
  /** Hanging requests whose client went away (aborted) so far. */
  readonly aborted: number
  /** The dev mailbox (`GET /dev/mailbox/{email}`): codes the dev frame sent, newest first. */
  readonly mailbox: Mailbox
  /**
   * Make a route fail: a status, 'hang' to never answer, or `{ delayMs }` to answer normally but late.
   * A path ending in `*` matches every path with that prefix (e.g. `/getWalletImage/*`).
   */
  fail(path: string, behaviour: Fault | null): void
  close(): Promise<void>
}

const MAX_BODY = 64 * 1024

/** Whether `origin` matches the project's allowed origins (`*` stands for one host or port part); a project without a list allows any. */
function originAllowed(project: GatewayProject, origin: string): boolean {
  return !project.allowedOrigins || project.allowedOrigins.some((p) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]+')}$`).test(origin))
}

export type Fault = number | 'hang' | 'html' | 'garbage' | { delayMs: number }

export const DEFAULT_DEV_PROJECT_ID = 'airlock-dev'

export const DEFAULT_PROJECTS: Record<string, GatewayProject> = {
  [DEFAULT_DEV_PROJECT_ID]: {
    features: [
      { id: 'social_login', isEnabled: true, config: ['email', 'google', 'x', 'discord', 'github', 'apple', 'facebook', 'farcaster'] },
      { id: 'swap', isEnabled: true, config: ['1inch'] },
      { id: 'onramp', isEnabled: true, config: ['coinbase', 'meld'] },
      { id: 'activity', isEnabled: true },
      { id: 'reown_branding', isEnabled: true },
    ],
    allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'],
    isAnalyticsEnabled: true,
  },
}

/** Starts the gateway; `port: 0` picks a free port. */
export async function startGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const projects = options.projects ?? DEFAULT_PROJECTS
  const wallets = options.wallets ?? DEFAULT_WALLETS
  const events: RecordedEvent[] = []
  const requests: string[] = []
  const faults = new Map<string, Fault>()
  const faultFor = (pathname: string): Fault | undefined => {
    const exact = faults.get(pathname)
    if (exact !== undefined) return exact
    for (const [path, fault] of faults) if (path.endsWith('*') && pathname.startsWith(path.slice(0, -1))) return fault
    return undefined
  }
  const hanging = new Set<ServerResponse>()
  let aborted = 0

  const mailbox = options.mailbox ?? createMailbox()
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://gateway.local')
    requests.push(`${req.method} ${url.pathname}${url.search}`)
    cors(req, url, res)
    if (req.method === 'OPTIONS') return end(res, 204)
    const fault = faultFor(url.pathname)
    if (typeof fault === 'object') await new Promise((resolve) => setTimeout(resolve, fault.delayMs))
    if (fault === 'hang') {
      hanging.add(res)
      res.on('close', () => {
        if (!res.writableEnded) aborted += 1
      })
      return
    }
    if (fault === 'html') return end(res, 200, '<html><body>Bad gateway</body></html>', 'text/html')
    if (fault === 'garbage') return json(res, 200, { unexpected: true })
    if (typeof fault === 'number') return json(res, fault, { message: `injected ${fault}` })
    try {
      if (options.routes && (await options.routes(req, url, res))) return
      if (url.pathname.startsWith('/dev/mailbox/') && (await mailboxRoute(mailbox, req, url, res))) return
      const projectId = url.searchParams.get('projectId') ?? ''
      const project = projects[projectId]
      if (req.method === 'GET') {
        const image = imageRoute(url.pathname, wallets)
        if (image === null) return json(res, 404, { message: 'Image not found' })
        if (image !== undefined) {
          // Cacheable like the real CDN, so a preloaded image is not fetched again by the <img>.
          res.setHeader('cache-control', 'public, max-age=3600')
          return end(res, 200, image, 'image/svg+xml')
        }
      }
      switch (`${req.method} ${url.pathname}`) {
        case 'GET /appkit/v1/config':
          if (!project) return json(res, 403, { message: 'Unauthorized: invalid key' })
          if (!project.features) return json(res, 404, { message: 'No remote configuration' })
          return json(res, 200, { features: project.features })
        case 'GET /projects/v1/origins':
          if (!project) return json(res, 403, { message: 'Unauthorized: invalid key' })
          if (req.headers.origin && !originAllowed(project, req.headers.origin)) options.onRefusedOrigin?.(req.headers.origin, projectId)
          return json(res, 200, { allowedOrigins: project.allowedOrigins ?? [] })
        case 'GET /getWallets': {
          // Like the real registry, an unknown project is refused; no project id is tolerated for local work.
          if (projectId && !project) return json(res, 403, { message: 'Unauthorized: invalid key' })
          const q = url.searchParams
          try {
            return json(res, 200, queryWallets(wallets, { page: q.get('page'), entries: q.get('entries'), include: q.get('include'), exclude: q.get('exclude'), chains: q.get('chains'), search: q.get('search'), badge_type: q.get('badge_type') }))
          } catch (error) {
            if (error instanceof RegistryQueryError) return json(res, 400, { message: error.message })
            throw error
          }
        }
        case 'GET /getAnalyticsConfig':
          return json(res, 200, { isAnalyticsEnabled: project?.isAnalyticsEnabled ?? false })
        case 'POST /e': {
          const body = await readJson(req)
          const origin = req.headers.origin ?? null
          if (!project) return json(res, 403, { message: 'Unauthorized: invalid key' })
          if (origin && !originAllowed(project, origin)) {
            return json(res, 403, { message: 'Unauthorized: origin not allowed' })
          }
          events.push({ query: Object.fromEntries(url.searchParams), origin, body })
          return end(res, 202)
        }
        default:
          return json(res, 404, { message: 'Not found' })
      }
    } catch (error) {
      return json(res, 400, { message: error instanceof Error ? error.message : 'Bad request' })
    }
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    events,
    requests,
    mailbox,
    get aborted() {
      return aborted
    },
    fail: (path, behaviour) => (behaviour === null ? faults.delete(path) : faults.set(path, behaviour)),
    close: async () => {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

const IMAGE_ROUTES: Record<string, string> = {
  '/public/getAssetImage/': 'Network',
  '/public/getCurrencyImage/': 'Currency',
  '/public/getTokenImage/': 'Token',
}

/** SPEC 7 image routes: an SVG, null for an unknown wallet, undefined when the path is not an image route. */
function imageRoute(pathname: string, wallets: readonly RegistryWallet[]): string | null | undefined {
  if (pathname.startsWith('/getWalletImage/')) {
    const id = safeId(pathname.slice('/getWalletImage/'.length))
    return id ? (walletImage(wallets, id) ?? null) : null
  }
  for (const [prefix, kind] of Object.entries(IMAGE_ROUTES)) {
    if (!pathname.startsWith(prefix)) continue
    const id = safeId(pathname.slice(prefix.length))
    return id ? placeholderSvg(`${kind}:${id}`, id) : null
  }
  return undefined
}

/** A path segment used as an id: decoded, bounded, and only id-like characters. */
function safeId(segment: string): string | null {
  let id: string
  try {
    id = decodeURIComponent(segment)
  } catch {
    return null
  }
  return /^[\w.:-]{1,128}$/.test(id) ? id : null
}

function cors(req: IncomingMessage, url: URL, res: ServerResponse): void {
  // The dev mailbox hands out login codes: no other site's page may read it (issue L-13).
  const origin = url.pathname.startsWith('/dev/mailbox/') && !isLoopbackOrigin(req.headers.origin) ? null : (req.headers.origin ?? '*')
  if (origin) res.setHeader('access-control-allow-origin', origin)
  res.setHeader('vary', 'origin')
  res.setHeader('access-control-allow-methods', 'GET,POST,PUT,DELETE,OPTIONS')
  res.setHeader('access-control-allow-headers', 'content-type,accept')
}

function json(res: ServerResponse, status: number, body: unknown): void {
  end(res, status, JSON.stringify(body), 'application/json')
}

function end(res: ServerResponse, status: number, body?: string, type?: string): void {
  res.writeHead(status, type ? { 'content-type': type } : {})
  res.end(body)
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req, MAX_BODY)
  return text ? JSON.parse(text) : null
}
