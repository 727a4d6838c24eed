import { build, type Metafile } from 'esbuild'
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
 * minified, with linked source maps. Served from memory by the dapp server.
 */
export async function buildDapp(root: string): Promise<DappBundle> {
  const started = performance.now()
  const outdir = join(root, 'examples', 'react-dapp', 'assets')
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: join(root, 'examples', 'react-dapp', 'main.tsx') },
    outdir,
    ...BROWSER_BUILD_OPTIONS,
    splitting: true,
    sourcemap: 'linked',
    jsx: 'automatic',
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    metafile: true,
  })
  const files = new Map<string, StaticFile>()
  for (const file of result.outputFiles) {
    files.set(`/assets/${relative(outdir, file.path).split(sep).join('/')}`, { body: file.contents })
  }
  for (const [path, file] of await buildLogViewer(root)) files.set(path, file)
  return { files, metafile: result.metafile, ms: Math.round(performance.now() - started) }
}

/**
 * The standalone log viewer (examples/devtools/) at `/devtools/`: its own build, so the demo's
 * chunks (and what its initial JavaScript is measured to be) stay exactly as they were.
 */
async function buildLogViewer(root: string): Promise<Map<string, StaticFile>> {
  const outdir = join(root, 'examples', 'devtools', 'assets')
  const result = await build({
    absWorkingDir: root,
    entryPoints: { viewer: join(root, 'examples', 'devtools', 'main.tsx') },
    outdir,
    ...BROWSER_BUILD_OPTIONS,
    splitting: true,
    jsx: 'automatic',
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
  })
  const files = new Map<string, StaticFile>([['/devtools/index.html', { body: await readFile(join(root, 'examples', 'devtools', 'index.html')), type: 'text/html; charset=utf-8' }]])
  for (const file of result.outputFiles) files.set(`/devtools/assets/${relative(outdir, file.path).split(sep).join('/')}`, { body: file.contents })
  return files
}
