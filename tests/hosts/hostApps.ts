import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { assertProduction, buildApp, gzipSize, productionEnv, readTree, ROOT, viteInitialScripts, type BundleReport } from '../bench/bundle.js'

const run = promisify(execFile)

/**
 * The host apps a user builds Airlock into (issue 12): the packed tarball (`npm pack`), installed
 * with npm into a real project per host, built by that host's own tool, then opened in Chromium.
 * Versions are pinned; each project is installed once into .cache/hosts/ (git-ignored)
 * (keyed by its dependencies) and only the tarball is replaced on later runs.
 */
export const HOSTS = {
  'vite-react19': {
    react: { react: '19.3.1', 'react-dom': '19.3.1', '@types/react': '19.3.0', '@types/react-dom': '19.3.0' },
    tool: { vite: '8.3.8', '@vitejs/plugin-react': '6.3.0' },
  },
  'vite-react18': {
    react: { react: '18.3.1', 'react-dom': '18.3.1', '@types/react': '18.3.8', '@types/react-dom': '18.3.7' },
    tool: { vite: '8.3.8', '@vitejs/plugin-react': '6.3.0' },
  },
  next: {
    react: { react: '19.3.1', 'react-dom': '19.3.1', '@types/react': '19.3.0', '@types/react-dom': '19.3.0' },
    tool: { next: '16.4.6', '@types/node': '20.19.43' },
  },
  esbuild: {
    react: { react: '19.3.1', 'react-dom': '19.3.1', '@types/react': '19.3.0', '@types/react-dom': '19.3.0' },
    tool: { esbuild: '0.28.2' },
  },
} as const
export type HostName = keyof typeof HOSTS

// Not under node_modules: Next.js's Turbopack will not build an app that lives inside one.
const CACHE = join(ROOT, '.cache', 'hosts')
const SOURCES = join(ROOT, 'tests', 'hosts')
const TYPESCRIPT = '5.9.3'
/** Strict, as the trial's apps were: a host's own settings must not hide a type error in ours. */
const STRICT = { strict: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, verbatimModuleSyntax: false, skipLibCheck: false, noEmit: true, jsx: 'react-jsx', target: 'ES2022', lib: ['ES2022', 'DOM', 'DOM.Iterable'] }

const sh = async (cwd: string, command: string, args: string[], env: Record<string, string> = {}) => {
  // Not vitest's NODE_ENV=test: under it Vite and Next.js build React's development code (and
  // ours keeps its dev checks), so the apps measured would not be what a user's build gives.
  try {
    return await run(command, args, { cwd, env: { ...productionEnv(), ...env }, maxBuffer: 64 * 1024 * 1024 })
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`)
  }
}

/**
 * Packs the repository as npm publishes it (`npm pack` runs the build) into the cache; returns the tarball.
 * @example const tarball = await packAirlock()
 */
export async function packAirlock(): Promise<string> {
  await mkdir(CACHE, { recursive: true })
  const { stdout } = await sh(ROOT, 'npm', ['pack', '--json', '--pack-destination', CACHE])
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string }[]
  return join(CACHE, packed!.filename)
}

const exists = (path: string) => stat(path).then(() => true, () => false)

/**
 * A host project with its dependencies installed and the tarball's package in node_modules.
 * @example const dir = await prepareHost('vite-react19', tarball)
 */
export async function prepareHost(name: HostName, tarball: string): Promise<string> {
  const host = HOSTS[name]
  const ours = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  const manifest = {
    name: `airlock-host-${name}`,
    private: true,
    type: 'module',
    dependencies: { ...host.react, 'airlock-kit': 'file:./airlock-kit.tgz' },
    devDependencies: { ...host.tool, typescript: TYPESCRIPT },
  }
  // Airlock's own dependencies are in the key: when they change, the project is installed anew.
  const key = createHash('sha256').update(JSON.stringify([manifest, ours.dependencies])).digest('hex').slice(0, 12)
  const dir = join(CACHE, `${name}-${key}`)
  await mkdir(dir, { recursive: true })
  await cp(tarball, join(dir, 'airlock-kit.tgz'))
  if (!(await exists(join(dir, 'node_modules', '.installed')))) {
    await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
    await sh(dir, 'npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'])
    await writeFile(join(dir, 'node_modules', '.installed'), key)
  }
  // This run's package, unpacked where npm put it (its dependencies are already installed beside it).
  const target = join(dir, 'node_modules', 'airlock-kit')
  await rm(target, { recursive: true, force: true })
  await mkdir(target, { recursive: true })
  await sh(dir, 'tar', ['-xzf', 'airlock-kit.tgz', '-C', target, '--strip-components=1'])
  await writeSources(name, dir)
  return dir
}

async function writeSources(name: HostName, dir: string): Promise<void> {
  await rm(join(dir, 'src'), { recursive: true, force: true })
  await cp(join(SOURCES, 'app'), join(dir, 'src'), { recursive: true })
  const html = (script: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Airlock host</title></head><body><div id="root"></div><script type="module" src="${script}"></script></body></html>\n`
  const tsconfig = (options: Record<string, unknown>, include: string[]) => `${JSON.stringify({ compilerOptions: { ...STRICT, ...options }, include }, null, 2)}\n`
  if (name === 'next') {
    await rm(join(dir, 'app'), { recursive: true, force: true })
    await cp(join(SOURCES, 'next', 'app'), join(dir, 'app'), { recursive: true })
    await writeFile(join(dir, 'next.config.mjs'), "export default { output: 'export', images: { unoptimized: true } }\n")
    // create-next-app's lib and skipLibCheck: Next.js's own declarations need a newer lib than TypeScript 5.9
    // has; ours are checked with skipLibCheck off in the other hosts.
    await writeFile(join(dir, 'tsconfig.json'), tsconfig({ module: 'esnext', moduleResolution: 'bundler', jsx: 'preserve', allowJs: false, isolatedModules: true, lib: ['dom', 'dom.iterable', 'esnext'], skipLibCheck: true, plugins: [{ name: 'next' }] }, ['app', 'src', 'next-env.d.ts']))
    return
  }
  if (name === 'esbuild') {
    // Types must resolve under node16 and node10 too (top-level `types`, `typesVersions`).
    await writeFile(join(dir, 'tsconfig.json'), tsconfig({ module: 'esnext', moduleResolution: 'bundler' }, ['src']))
    await writeFile(join(dir, 'tsconfig.node16.json'), tsconfig({ module: 'node16', moduleResolution: 'node16' }, ['src/check.ts']))
    await writeFile(join(dir, 'tsconfig.node10.json'), tsconfig({ module: 'esnext', moduleResolution: 'node10' }, ['src/check.ts']))
    return
  }
  await writeFile(join(dir, 'index.html'), html('/src/main.tsx'))
  await mkdir(join(dir, 'baseline'), { recursive: true })
  await writeFile(join(dir, 'baseline', 'index.html'), html('../src/baseline.tsx'))
  await writeFile(join(dir, 'vite.config.ts'), "import { defineConfig } from 'vite'\nimport react from '@vitejs/plugin-react'\n\nexport default defineConfig({ plugins: [react()], logLevel: 'warn' })\n")
  await writeFile(join(dir, 'tsconfig.json'), tsconfig({ module: 'esnext', moduleResolution: 'bundler' }, ['src']))
}

/** A built host: the files to serve by URL path, and the JavaScript sizes (gzip level 9) of the app and of React alone. */
export interface BuiltHost {
  readonly files: Map<string, Uint8Array>
  /** Initial and all JavaScript of the app; null for hosts not under a size budget (Next.js). */
  readonly app: Pick<BundleReport, 'initialGzip' | 'totalGzip'> & { readonly initialFiles: number; readonly initialModules: readonly string[] } | null
  readonly baseline: Pick<BundleReport, 'initialGzip' | 'totalGzip'> | null
}

/**
 * Type-checks the host's sources with its own TypeScript (strict), then builds it with its own tool.
 * @example const built = await buildHost('vite-react19', dir)
 */
export async function buildHost(name: HostName, dir: string): Promise<BuiltHost> {
  const built = await buildWithTool(name, dir)
  // A guard against measuring (and testing) a build no user ships.
  assertProduction(name, built.files)
  return built
}

async function buildWithTool(name: HostName, dir: string): Promise<BuiltHost> {
  const bin = (tool: string) => join(dir, 'node_modules', '.bin', tool)
  if (name !== 'next') await sh(dir, bin('tsc'), ['-p', 'tsconfig.json'])
  if (name === 'esbuild') {
    await sh(dir, bin('tsc'), ['-p', 'tsconfig.node16.json'])
    await sh(dir, bin('tsc'), ['-p', 'tsconfig.node10.json'])
    const [app, baseline] = await Promise.all([buildApp({ entry: 'src/main.tsx', absWorkingDir: dir, topN: 10_000 }), buildApp({ entry: 'src/baseline.tsx', absWorkingDir: dir })])
    const files = new Map(app.files)
    files.set('/index.html', new TextEncoder().encode('<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Airlock host</title></head><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>'))
    const initial = app.report.chunks.filter((c) => c.initial)
    return {
      files,
      app: { initialGzip: app.report.initialGzip, totalGzip: app.report.totalGzip, initialFiles: initial.length, initialModules: initial.flatMap((c) => c.topModules.filter((m) => m.bytes > 0).map((m) => m.path)) },
      baseline: { initialGzip: baseline.report.initialGzip, totalGzip: baseline.report.totalGzip },
    }
  }
  if (name === 'next') {
    await sh(dir, bin('next'), ['build'], { NEXT_TELEMETRY_DISABLED: '1' })
    return { files: readTree(join(dir, 'out')), app: null, baseline: null }
  }
  await sh(dir, bin('vite'), ['build', '--outDir', 'dist'])
  await sh(dir, bin('vite'), ['build', 'baseline', '--outDir', '../dist-baseline', '--emptyOutDir'])
  const [files, baselineFiles] = [readTree(join(dir, 'dist')), readTree(join(dir, 'dist-baseline'))]
  return { files, app: viteSizes(files), baseline: viteSizes(baselineFiles) }
}

/** Vite's initial JavaScript: the entry script and every module preload in the built index.html. */
function viteSizes(files: Map<string, Uint8Array>): NonNullable<BuiltHost['app']> {
  const initial = viteInitialScripts(files)
  let initialGzip = 0
  let totalGzip = 0
  for (const [path, bytes] of files) {
    if (!path.endsWith('.js')) continue
    const size = gzipSize(bytes)
    totalGzip += size
    if (initial.has(path)) initialGzip += size
  }
  return { initialGzip, totalGzip, initialFiles: initial.size, initialModules: [] }
}
