import { build, type Metafile } from 'esbuild'
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
  return { files, metafile: result.metafile, ms: Math.round(performance.now() - started) }
}
