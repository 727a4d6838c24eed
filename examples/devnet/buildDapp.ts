import { build, type BuildOptions, type Metafile } from 'esbuild'
import { readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import type { StaticFile } from './staticServer.js'
import { BROWSER_BUILD_OPTIONS } from './browserBuild.js'

export interface DappBundle {
  /** Built files by URL path, e.g. `/assets/main.js`. */
  files: Map<string, StaticFile>
  metafile: Metafile
  /** Milliseconds esbuild took. */
  ms: number
}

/**
 * Bundles `examples/react-dapp/main.tsx` for the browser in memory: ESM with
 * code splitting (the lazily loaded modal and views become their own chunks),
 * minified, with linked source maps, plus the log viewer (`/devtools/`) and the
 * headless example (`/headless/`). Served from memory by the dapp server.
 */
export async function buildDapp(root: string): Promise<DappBundle> {
  const started = performance.now()
  // The viewer and the headless page are built beside the demo, not after it: the dev stack waits for all.
  const [dapp, viewer, headless] = await Promise.all([
    bundleExample(root, 'react-dapp', 'main', '/assets/', { sourcemap: 'linked', assetNames: 'assets/[name]-[hash]', metafile: true }),
    buildLogViewer(root),
    buildHeadlessPage(root),
  ])
  return { files: new Map([...dapp.files, ...viewer, ...headless]), metafile: dapp.metafile!, ms: Math.round(performance.now() - started) }
}

/** Bundles `examples/<folder>/main.tsx` (entry `name`), its files keyed by URL path under `prefix`. */
async function bundleExample(root: string, folder: string, name: string, prefix: string, extra: BuildOptions = {}): Promise<{ files: Map<string, StaticFile>; metafile: Metafile | undefined }> {
  const outdir = join(root, 'examples', folder, 'assets')
  const result = await build({
    absWorkingDir: root,
    entryPoints: { [name]: join(root, 'examples', folder, 'main.tsx') },
    outdir,
    ...BROWSER_BUILD_OPTIONS,
    splitting: true,
    jsx: 'automatic',
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    ...extra,
  })
  const files = new Map<string, StaticFile>()
  for (const file of result.outputFiles ?? []) files.set(`${prefix}${relative(outdir, file.path).split(sep).join('/')}`, { body: file.contents })
  return { files, metafile: result.metafile }
}

/**
 * The standalone log viewer (examples/devtools/) at `/devtools/`: its own build, so the demo's
 * chunks (and what its initial JavaScript is measured to be) stay exactly as they were.
 */
async function buildLogViewer(root: string): Promise<Map<string, StaticFile>> {
  const [{ files }, html] = await Promise.all([bundleExample(root, 'devtools', 'viewer', '/devtools/assets/'), readFile(join(root, 'examples', 'devtools', 'index.html'))])
  return new Map([['/devtools/index.html', { body: html, type: 'text/html; charset=utf-8' }], ...files])
}

/**
 * The headless example (examples/headless/) at `/headless/`: a connect page built only with the
 * headless hooks, its own build like the viewer's, so the demo's chunks stay as they were.
 */
async function buildHeadlessPage(root: string): Promise<Map<string, StaticFile>> {
  const [{ files }, html] = await Promise.all([bundleExample(root, 'headless', 'main', '/headless/assets/'), readFile(join(root, 'examples', 'headless', 'index.html'))])
  return new Map([['/headless/index.html', { body: html, type: 'text/html; charset=utf-8' }], ...files])
}
