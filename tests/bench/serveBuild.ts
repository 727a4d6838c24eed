import { join } from 'node:path'
import { startStaticServer, type StaticFile, type StaticServer } from '../../examples/devnet/staticServer.js'
import type { BenchApp, BenchTool } from './apps.js'
import { buildApp, buildWithVite, esbuildIndexHtml } from './bundle.js'
import { CACHE_DIR, type AppInstall } from './peers.js'

/**
 * Builds one installed bench app with `tool` (as the bench does: esbuild with a generated
 * index.html, or the app's own Vite 8) and serves it from its own 127.0.0.1 server; for the
 * diagnostics (clickPath.ts, buttonPath.ts).
 * @example const { url, server } = await serveBuild(app, install, 'vite')
 */
export async function serveBuild(app: BenchApp, install: AppInstall, tool: BenchTool): Promise<{ url: string; server: StaticServer }> {
  const built = tool === 'esbuild' ? await buildApp({ entry: install.entry, absWorkingDir: install.dir }) : await buildWithVite({ dir: install.dir, entry: install.entry, title: app.label })
  if (tool === 'esbuild') built.files.set('/index.html', new TextEncoder().encode(esbuildIndexHtml(app.label, built.files)))
  const served = new Map<string, StaticFile>([...built.files].map(([path, body]) => [path, { body }]))
  const server = await startStaticServer({ port: 0, root: join(CACHE_DIR, 'www'), files: () => served })
  return { url: `${server.url}/`, server }
}
