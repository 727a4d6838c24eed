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
  gatewayUrl: string
  chains: FrameConfig['chains']
}

export interface DevFrame {
  readonly url: string
  readonly port: number
  /** Milliseconds esbuild took. */
  readonly buildMs: number
  /** Replaces the allowed page origins (tests); the frame reads them when it loads. */
  setAllowedOrigins(origins: string[]): void
  close(): Promise<void>
}

export const DEV_FRAME_VERSION = 'airlock-dev-frame-1'

const page = (title: string, script: string | null, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; connect-src *; style-src 'unsafe-inline'">
<title>${title}</title>
<style>body{font:15px system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#0b0d12;color:#e8eaf0}
main{background:#171a22;padding:24px;border-radius:16px;max-width:360px;width:100%}input,button{font:inherit;padding:8px;border-radius:8px;border:1px solid #444;width:100%;box-sizing:border-box;margin-top:8px}button{background:#4c6fff;color:#fff;border:0;cursor:pointer}</style>
${script ? `<script type="module" src="${script}"></script>` : ''}</head><body><main>${body}</main></body></html>`

const LOGIN_BODY = `<h1 id="title" style="font-size:18px">Sign in (dev)</h1>
<form id="form"><label for="user">User name</label><input id="user" name="user" autocomplete="off" maxlength="32" required><button type="submit">Sign in</button></form>
<p id="status" role="status" aria-live="polite"></p>`

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
  const html = (body: string): StaticFile => ({ body, type: 'text/html; charset=utf-8' })
  files.set('/index.html', html(page('Airlock dev secure frame', '/assets/frame.js', '<h1 style="font-size:18px">Airlock dev secure frame</h1><p id="status" role="status">Loading…</p>')))
  files.set('/oauth', html(page('Sign in (dev)', '/assets/login.js', LOGIN_BODY)))
  files.set('/farcaster', html(page('Farcaster (dev)', '/assets/login.js', LOGIN_BODY)))
  files.set('/oauth/callback', html(page('Signed in', null, '<p>Signed in. You can close this window.</p>')))
  let allowedOrigins = options.allowedOrigins
  const config = (): StaticFile => ({
    body: JSON.stringify({ allowedOrigins, gatewayUrl: options.gatewayUrl, chains: options.chains, version: DEV_FRAME_VERSION } satisfies FrameConfig),
    type: 'application/json; charset=utf-8',
  })
  const server = await startStaticServer({
    port: options.port,
    host: options.host ?? '127.0.0.1',
    root: dir,
    files: () => new Map([...files, ['/frame-config.json', config()]]),
  })
  return {
    url: server.url,
    port: server.port,
    buildMs,
    setAllowedOrigins: (origins) => void (allowedOrigins = origins),
    close: () => server.close(),
  }
}
