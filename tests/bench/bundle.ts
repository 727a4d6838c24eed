import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild'
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
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

/**
 * The environment for a child build or install: this one without NODE_ENV. vitest and some shells
 * set it (`test`, `development`), and under it Vite builds React's development code and npm
 * leaves devDependencies out; a host's `vite build` runs without it (tests/hosts/hostApps.ts's sh()).
 */
export function productionEnv(): NodeJS.ProcessEnv {
  const { NODE_ENV: _ignored, ...env } = process.env
  return env
}

/** Runs a command in `cwd` with productionEnv(); resolves with its output, rejects with its tail. */
export function runChild(command: string, args: readonly string[], cwd: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.platform === 'win32' && command === 'npm' ? 'npm.cmd' : command, args, { cwd, env: productionEnv(), stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolvePromise(output) : reject(new Error(`${command} ${args.join(' ')} in ${cwd} exited ${code}:\n${output.slice(-4000)}`))))
  })
}

export interface ChunkReport {
  /** Output path relative to the build's out dir, e.g. `main.js`, `chunks/Modal-X.js`. */
  file: string
  bytes: number
  gzip: number
  /** Loaded before any lazy import: the entry and what it statically imports, transitively. */
  initial: boolean
  /** The biggest inputs in this chunk, largest first (esbuild: bytes in the minified output; Vite: rendered bytes before minifying). */
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
  /** Every output by URL path under `/assets/` (served by the speed harness; Vite's also has `/index.html`). */
  files: Map<string, Uint8Array>
  /** esbuild's (none from Vite). */
  metafile?: Metafile
  /** Vite's: the absolute path of every module in the output (esbuild's are in the metafile). */
  modules?: readonly string[]
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
  return { report: summarize(chunks, cssGzip), files, metafile, buildMs }
}

/** Totals over the chunks (sorted: initial first, then by gzip size). */
function summarize(chunks: ChunkReport[], cssGzip: number): BundleReport {
  chunks.sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzip - a.gzip)
  const sum = (list: ChunkReport[], field: 'gzip' | 'bytes') => list.reduce((total, chunk) => total + chunk[field], 0)
  const initialChunks = chunks.filter((chunk) => chunk.initial)
  return {
    initialGzip: sum(initialChunks, 'gzip'),
    totalGzip: sum(chunks, 'gzip'),
    initialBytes: sum(initialChunks, 'bytes'),
    totalBytes: sum(chunks, 'bytes'),
    chunks,
    cssGzip,
  }
}

/** The page an esbuild app is served with: the entry script (`/assets/main.js`) and its CSS files. */
export function esbuildIndexHtml(title: string, files: ReadonlyMap<string, Uint8Array>): string {
  const links = [...files.keys()].filter((path) => path.endsWith('.css')).map((path) => `<link rel="stylesheet" href="${path}">`).join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${links}</head><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>`
}

/** Vite's initial JavaScript: what its built index.html loads, the entry script and every module preload. */
export function viteInitialScripts(files: ReadonlyMap<string, Uint8Array>): Set<string> {
  const html = new TextDecoder().decode(files.get('/index.html'))
  return new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!))
}

/** What the Vite config's plugin writes next to the build: per output chunk, its modules and their rendered bytes. */
const VITE_MODULES = 'dist-vite-modules.json'
const VITE_OUT = 'dist-vite'

/**
 * A host's Vite 8 build of one app folder (installed by tests/bench/peers.ts): an index.html
 * loading `entry`, a vite.config.mjs with @vitejs/plugin-react and nothing else set (a small
 * plugin only records which modules went into which chunk), then `vite build` from the folder's
 * own node_modules, production (no NODE_ENV). Initial JavaScript is what the built index.html
 * loads: its entry script and its module preloads (as tests/hosts/hostApps.ts's viteSizes).
 * @example const built = await buildWithVite({ dir, entry: join(dir, 'src', 'app.tsx'), title: 'Airlock' })
 */
export async function buildWithVite({ dir, entry, title, topN = 8 }: { dir: string; entry: string; title: string; topN?: number }): Promise<BuiltApp> {
  const script = `/${relative(dir, entry).split(sep).join('/')}`
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><div id="root"></div><script type="module" src="${script}"></script></body></html>\n`)
  writeFileSync(
    join(dir, 'vite.config.mjs'),
    [
      "import { writeFileSync } from 'node:fs'",
      "import { defineConfig } from 'vite'",
      "import react from '@vitejs/plugin-react'",
      '',
      '// Written by tests/bench/bundle.ts: a host\'s config (the React plugin), plus a record of each chunk\'s modules for the bench.',
      'const modules = {',
      "  name: 'airlock-bench-modules',",
      '  generateBundle(_options, bundle) {',
      '    const chunks = {}',
      "    for (const [file, output] of Object.entries(bundle)) if (output.type === 'chunk') chunks[file] = Object.entries(output.modules).map(([id, m]) => [id, m.renderedLength])",
      `    writeFileSync(${JSON.stringify(VITE_MODULES)}, JSON.stringify(chunks))`,
      '  },',
      '}',
      '',
      `export default defineConfig({ plugins: [react(), modules], logLevel: 'warn', build: { outDir: ${JSON.stringify(VITE_OUT)}, emptyOutDir: true } })`,
      '',
    ].join('\n'),
  )
  rmSync(join(dir, VITE_MODULES), { force: true })
  const started = performance.now()
  await runChild(join(dir, 'node_modules', '.bin', 'vite'), ['build'], dir)
  const buildMs = performance.now() - started
  const files = readTree(join(dir, VITE_OUT))
  const initial = viteInitialScripts(files)
  if (initial.size === 0) throw new Error(`vite build in ${dir}: no script in index.html`)
  const modules = JSON.parse(readFileSync(join(dir, VITE_MODULES), 'utf8')) as Record<string, [string, number][]>
  const chunks: ChunkReport[] = []
  let cssGzip = 0
  for (const [path, contents] of files) {
    if (path.endsWith('.css')) cssGzip += gzipSize(contents)
    if (!path.endsWith('.js')) continue
    const file = path.slice(1)
    const topModules = (modules[file] ?? [])
      .map(([id, bytes]) => ({ path: shortPath(id.startsWith(dir) ? relative(dir, id).split(sep).join('/') : id.replace(/^\0/, '')), bytes }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, topN)
    chunks.push({ file, bytes: contents.byteLength, gzip: gzipSize(contents), initial: initial.has(path), topModules })
  }
  const ids = Object.values(modules).flatMap((list) => list.map(([id]) => id))
  return { report: summarize(chunks, cssGzip), files, modules: ids.filter((id) => id.startsWith('/')), buildMs }
}

/**
 * Throws when a build took a module from outside the app's folder (from the repository's own
 * node_modules or sources, which Node-style resolution reaches by walking up): a user's project
 * has no such folder above it, so the app would not be what they build.
 */
export function assertInside(label: string, dir: string, built: BuiltApp): void {
  const paths = built.metafile ? Object.keys(built.metafile.inputs).map((key) => resolve(dir, key.replace(/^(\([a-z-]+\)|[a-z-]+):/, ''))) : (built.modules ?? [])
  const outside = paths.filter((path) => !path.startsWith(dir + sep))
  if (outside.length > 0) throw new Error(`${label} took ${outside.length} modules from outside ${dir}, e.g. ${outside.slice(0, 3).join(', ')}`)
}

/** Every file under `dir`, keyed by its URL path (`/assets/main.js`). */
export function readTree(dir: string, prefix = ''): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>()
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) for (const [sub, bytes] of readTree(path, `${prefix}/${entry.name}`)) files.set(sub, bytes)
    else files.set(`${prefix}/${entry.name}`, readFileSync(path))
  }
  return files
}

/**
 * Throws when a build holds React's development code (its production build has no
 * `react-stack-bottom-frame`): a NODE_ENV leak would otherwise be measured as the app.
 */
export function assertProduction(label: string, files: ReadonlyMap<string, Uint8Array>): void {
  const decoder = new TextDecoder()
  for (const [path, bytes] of files) if (path.endsWith('.js') && decoder.decode(bytes).includes('react-stack-bottom-frame')) throw new Error(`${label} holds React's development build (${path}): NODE_ENV leaked into the build`)
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
