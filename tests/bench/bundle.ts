import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

/** The repository root: the nearest folder above this module whose package.json is `airlock-kit` (works bundled or not). */
export const ROOT = findRoot(dirname(fileURLToPath(import.meta.url)))

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'airlock-kit') return dir
    if (dirname(dir) === dir) throw new Error(`no airlock package.json above ${from}`)
  }
}

/**
 * The one esbuild setup every benchmarked app is built with (issue #7): minified ESM with code
 * splitting, production React, browser conditions. Only `entryPoints`/`absWorkingDir` differ.
 */
export const BENCH_BUILD_OPTIONS = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'assets/[name]-[hash]',
  loader: { '.png': 'file', '.jpg': 'file', '.svg': 'file', '.woff': 'file', '.woff2': 'file', '.ttf': 'file', '.webp': 'file', '.gif': 'file' },
  legalComments: 'none',
  metafile: true,
  write: false,
  logLevel: 'silent',
} as const satisfies BuildOptions

/** Lets the Airlock app import `airlock-kit` and `airlock-kit/react` as a host would, from source. */
export function airlockSourcePlugin(root = ROOT): Plugin {
  const entries: Record<string, string> = {
    'airlock-kit': join(root, 'core', 'index.ts'),
    'airlock-kit/react': join(root, 'react', 'index.ts'),
    'airlock-kit/storage': join(root, 'storage', 'index.ts'),
    'airlock-kit/telemetry': join(root, 'telemetry', 'index.ts'),
    'airlock-kit/api': join(root, 'core', 'api', 'index.ts'),
  }
  return {
    name: 'airlock-source',
    setup(b) {
      b.onResolve({ filter: /^airlock-kit(\/[a-z]+)?$/ }, (args) => (entries[args.path] ? { path: entries[args.path] } : undefined))
    },
  }
}

export interface ChunkReport {
  /** Output path relative to the build's out dir, e.g. `main.js`, `chunks/Modal-X.js`. */
  file: string
  bytes: number
  gzip: number
  /** Loaded before any lazy import: the entry and what it statically imports, transitively. */
  initial: boolean
  /** The biggest inputs in this chunk (bytes in the minified output), largest first. */
  topModules: { path: string; bytes: number }[]
}

export interface BundleReport {
  /** min+gzip of the initial JavaScript. */
  initialGzip: number
  /** min+gzip of every JavaScript chunk. */
  totalGzip: number
  initialBytes: number
  totalBytes: number
  chunks: ChunkReport[]
  /** CSS the app ships as separate files (gzip; not part of the JavaScript totals). */
  cssGzip: number
}

export interface BuiltApp {
  report: BundleReport
  /** Every output by URL path under `/assets/` (served by the speed harness). */
  files: Map<string, Uint8Array>
  metafile: Metafile
  buildMs: number
}

/** gzip at level 9, as size-limit and bundlephobia report it. */
export function gzipSize(bytes: Uint8Array): number {
  return gzipSync(bytes, { level: 9 }).length
}

/**
 * Bundles one app entry with the bench settings (in memory) and measures it from the metafile:
 * the initial set is the entry chunk plus everything reachable through `import-statement` edges.
 * @example const { report } = await buildApp({ entry: 'tests/bench/apps/airlock.tsx' })
 */
export async function buildApp({ entry, absWorkingDir = ROOT, plugins = [], topN = 8 }: { entry: string; absWorkingDir?: string; plugins?: Plugin[]; topN?: number }): Promise<BuiltApp> {
  const started = performance.now()
  const outdir = join(absWorkingDir, '.bench-out')
  const result = await build({ ...BENCH_BUILD_OPTIONS, absWorkingDir, entryPoints: { main: resolve(absWorkingDir, entry) }, outdir, plugins })
  const buildMs = performance.now() - started
  const metafile = result.metafile
  const files = new Map<string, Uint8Array>()
  const byKey = new Map<string, Uint8Array>()
  for (const file of result.outputFiles) {
    const rel = relative(outdir, file.path).split(sep).join('/')
    files.set(`/assets/${rel}`, file.contents)
    byKey.set(relative(absWorkingDir, file.path).split(sep).join('/'), file.contents)
  }
  const outputs = metafile.outputs
  // Lazy chunks carry an `entryPoint` too (their dynamic import): find the one built from `entry`.
  const entryInput = relative(absWorkingDir, resolve(absWorkingDir, entry)).split(sep).join('/')
  const entryKey = Object.keys(outputs).find((key) => outputs[key]!.entryPoint === entryInput && key.endsWith('.js'))
  if (!entryKey) throw new Error(`esbuild produced no entry chunk for ${entry}`)
  const initial = new Set<string>()
  const queue = [entryKey]
  while (queue.length > 0) {
    const key = queue.pop()!
    if (initial.has(key)) continue
    initial.add(key)
    for (const edge of outputs[key]!.imports) if (edge.kind === 'import-statement' && !edge.external) queue.push(edge.path)
  }
  const chunks: ChunkReport[] = []
  let cssGzip = 0
  for (const [key, output] of Object.entries(outputs)) {
    const contents = byKey.get(key)
    if (!contents) throw new Error(`metafile output ${key} has no file`)
    if (key.endsWith('.css')) cssGzip += gzipSize(contents)
    if (!key.endsWith('.js')) continue
    const topModules = Object.entries(output.inputs)
      .map(([path, input]) => ({ path: shortPath(path), bytes: input.bytesInOutput }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, topN)
    chunks.push({ file: relative(outdir, join(absWorkingDir, key)).split(sep).join('/'), bytes: contents.byteLength, gzip: gzipSize(contents), initial: initial.has(key), topModules })
  }
  chunks.sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzip - a.gzip)
  const sum = (list: ChunkReport[], field: 'gzip' | 'bytes') => list.reduce((total, chunk) => total + chunk[field], 0)
  const initialChunks = chunks.filter((chunk) => chunk.initial)
  return {
    report: {
      initialGzip: sum(initialChunks, 'gzip'),
      totalGzip: sum(chunks, 'gzip'),
      initialBytes: sum(initialChunks, 'bytes'),
      totalBytes: sum(chunks, 'bytes'),
      chunks,
      cssGzip,
    },
    files,
    metafile,
    buildMs,
  }
}

/** `node_modules/.pnpm/x/node_modules/viem/_esm/a.js` -> `viem/_esm/a.js`; project files stay relative. */
function shortPath(path: string): string {
  const at = path.lastIndexOf('node_modules/')
  return at === -1 ? path : path.slice(at + 'node_modules/'.length)
}

export const KB = 1024

/** Bytes as KB with one decimal. */
export function kb(bytes: number): string {
  return (bytes / KB).toFixed(1)
}
