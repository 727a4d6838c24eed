import { build } from 'esbuild'
import { join } from 'node:path'
import { startStaticServer, type StaticFile } from '../staticServer.js'
import { BROWSER_BUILD_OPTIONS } from '../browserBuild.js'
import type { FrameConfig } from './frameConfig.js'

export interface DevFrameOptions {
  port: number
  host?: string
  /** The repository root. */
  root: string
  /** Page origins allowed to talk to the frame (exact). */
  allowedOrigins: string[]
  /** Also allow any page origin on this machine (`http://localhost:*`, `http://127.0.0.1:*`): `npm start` does, so a host app's own dev server can use the frame. */
  allowLoopback?: boolean
  gatewayUrl: string
  chains: FrameConfig['chains']
  /** Solana clusters the frame's Solana keys sign for (none: Solana requests are refused). */
  solanaChains?: FrameConfig['solanaChains']
}

export interface DevFrame {
  readonly url: string
  readonly port: number
  /** Milliseconds esbuild took. */
  readonly buildMs: number
  /** Replaces the allowed page origins (tests); the frame reads them when it loads. */
  setAllowedOrigins(origins: string[]): void
  /** Turns the loopback allowance on or off (tests); read when the frame loads. */
  setAllowLoopback(allow: boolean): void
  /**
   * Tests only: `false` serves the frame without its `frame-ancestors` policy, so the frame's own
   * in-page origin check (the second line of defence) can be shown working on a foreign origin.
   */
  setFrameAncestorsEnforced(enforced: boolean): void
  close(): Promise<void>
}

export const DEV_FRAME_VERSION = 'airlock-dev-frame-1'

/** The pages' policy; `frame-ancestors` only works as a header, never in a meta tag. */
const CSP = "default-src 'self'; connect-src *; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'"

/** CSP host sources for any port on this machine (CSP has no syntax for the IPv6 loopback). */
const LOOPBACK_SOURCES = ['http://localhost:*', 'http://127.0.0.1:*', 'https://localhost:*', 'https://127.0.0.1:*']

/** Only these page origins (and with `allowLoopback` any on this machine) may embed the frame; the login pages may not be embedded at all. */
export function frameAncestorsPolicy(allowedOrigins: readonly string[], allowLoopback = false): string {
  const origins = [...allowedOrigins.map((o) => new URL(o).origin), ...(allowLoopback ? LOOPBACK_SOURCES : [])]
  return `${CSP}; frame-ancestors ${origins.length > 0 ? origins.join(' ') : "'none'"}`
}

const page = (title: string, script: string | null, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<style>body{font:15px system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#0b0d12;color:#e8eaf0}
main{background:#171a22;padding:24px;border-radius:16px;max-width:360px;width:100%}input,button{font:inherit;padding:8px;border-radius:8px;border:1px solid #444;width:100%;box-sizing:border-box;margin-top:8px}button{background:#4c6fff;color:#fff;border:0;cursor:pointer}</style>
${script ? `<script type="module" src="${script}"></script>` : ''}</head><body><main>${body}</main></body></html>`

const LOGIN_BODY = `<h1 id="title" style="font-size:18px">Sign in (dev)</h1>
<form id="form"><label for="user">User name</label><input id="user" name="user" autocomplete="off" maxlength="32" required><button type="submit">Sign in</button></form>
<p id="status" role="status" aria-live="polite"></p>`

/** The frame itself: the approval card fills whatever box the page gives the iframe, in the synced theme. */
const FRAME_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Airlock dev secure wallet</title>
<style>
:root{color-scheme:light;--bg:#fff;--fg:#141414;--muted:#5f6670;--surface:#f1f3f3;--accent:#3396ff;--border:rgba(0,0,0,.08)}
:root[data-theme=dark]{color-scheme:dark;--bg:#191a1a;--fg:#e4e7e7;--muted:#9aa0a6;--surface:#252626;--accent:#47a1ff;--border:rgba(255,255,255,.08)}
html,body{margin:0;height:100%;background:var(--bg);color:var(--fg);font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
#boot{padding:16px;text-align:center}#boot h1{font-size:16px;margin:0 0 4px}
.approval{box-sizing:border-box;height:100%;min-width:280px;min-height:300px;display:flex;flex-direction:column;gap:8px;padding:8px 16px 16px}
.approval h1{font-size:16px;margin:0;text-align:center}.approval h1:focus{outline:none}
.from{margin:0;text-align:center;color:var(--muted);font-size:12px;overflow-wrap:anywhere}
.scroll{flex:1;min-height:0;overflow:auto;background:var(--surface);border-radius:12px;padding:8px 12px}
.fields{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0}
dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere;font-variant-numeric:tabular-nums}
.detail-label{font-size:12px;font-weight:600;color:var(--muted);margin:10px 0 4px}
.detail{margin:0;white-space:pre-wrap;overflow-wrap:anywhere;font-size:12px}
.more,.status{margin:0;text-align:center;color:var(--muted);font-size:12px}.more:empty,.status:empty{display:none}
.actions{display:flex;gap:8px}
button{flex:1;font:inherit;font-weight:600;padding:10px;border-radius:12px;border:1px solid var(--border);cursor:pointer}
.primary{background:var(--accent);color:#fff;border-color:transparent}.secondary{background:var(--surface);color:var(--fg)}
button:disabled{opacity:.5;cursor:default}button:focus-visible,.detail:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.approval[data-state=idle] .scroll,.approval[data-state=idle] .actions{display:none}
.approval[data-state=idle]{justify-content:center}
</style>
<script type="module" src="/assets/frame.js"></script></head>
<body><main id="boot"><h1>Airlock dev secure frame</h1><p id="status" role="status">Loading…</p></main></body></html>`

/**
 * Bundles and serves the dev secure frame on its own origin (a second 127.0.0.1 port):
 * `/` the frame, `/oauth` and `/farcaster` the dev login pages, `/frame-config.json` its config.
 */
export async function startDevFrame(options: DevFrameOptions): Promise<DevFrame> {
  const started = performance.now()
  const dir = join(options.root, 'examples', 'devnet', 'frame')
  const result = await build({
    absWorkingDir: options.root,
    entryPoints: { frame: join(dir, 'framePage.ts'), login: join(dir, 'devLoginPages.ts') },
    outdir: join(dir, 'assets'),
    ...BROWSER_BUILD_OPTIONS,
    splitting: true,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
  })
  const buildMs = Math.round(performance.now() - started)
  const files = new Map<string, StaticFile>()
  for (const file of result.outputFiles) files.set(`/assets/${file.path.split('/').pop()}`, { body: file.contents, type: 'text/javascript; charset=utf-8' })
  // Login pages are never embedded (a framed login page is a clickjacking target): frame-ancestors 'none'.
  const html = (body: string): StaticFile => ({ body, type: 'text/html; charset=utf-8', headers: { 'content-security-policy': frameAncestorsPolicy([]) } })
  files.set('/oauth', html(page('Sign in (dev)', '/assets/login.js', LOGIN_BODY)))
  files.set('/farcaster', html(page('Farcaster (dev)', '/assets/login.js', LOGIN_BODY)))
  files.set('/oauth/callback', html(page('Signed in', null, '<p>Signed in. You can close this window.</p>')))
  let allowedOrigins = options.allowedOrigins
  let allowLoopback = options.allowLoopback ?? false
  let enforceAncestors = true
  const framePage = (): StaticFile => ({
    body: FRAME_PAGE,
    type: 'text/html; charset=utf-8',
    headers: { 'content-security-policy': enforceAncestors ? frameAncestorsPolicy(allowedOrigins, allowLoopback) : CSP },
  })
  const config = (): StaticFile => ({
    body: JSON.stringify({ allowedOrigins, allowLoopback, gatewayUrl: options.gatewayUrl, chains: options.chains, solanaChains: options.solanaChains ?? [], version: DEV_FRAME_VERSION } satisfies FrameConfig),
    type: 'application/json; charset=utf-8',
  })
  const server = await startStaticServer({
    port: options.port,
    host: options.host ?? '127.0.0.1',
    root: dir,
    files: () => new Map([...files, ['/index.html', framePage()], ['/frame-config.json', config()]]),
  })
  return {
    url: server.url,
    port: server.port,
    buildMs,
    setAllowedOrigins: (origins) => void (allowedOrigins = origins),
    setAllowLoopback: (allow) => void (allowLoopback = allow),
    setFrameAncestorsEnforced: (enforced) => void (enforceAncestors = enforced),
    close: () => server.close(),
  }
}
