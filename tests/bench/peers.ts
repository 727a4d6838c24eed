import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { AIRLOCK_TARBALL, VITE_PACKAGES, type BenchApp } from './apps.js'
import { ROOT, runChild as run } from './bundle.js'

/**
 * Git-ignored (.cache/), survives runs: every app installs once, then reuses. Not under
 * node_modules: @vitejs/plugin-react leaves files under a node_modules folder alone (no JSX
 * transform), so an app living in one would not build as a host's does.
 */
export const CACHE_DIR = join(ROOT, '.cache', 'bench')
const MARKER = '.airlock-bench.json'
/** Transitive packages worth reporting next to the pinned ones (they decide the bytes too). */
const REPORTED = ['wagmi', '@wagmi/core', '@wagmi/connectors', 'viem', '@walletconnect/universal-provider', '@walletconnect/ethereum-provider', 'react', 'react-dom', ...Object.keys(VITE_PACKAGES)]

/** What `npm create vite` (react-ts) sets that matters to a bundler; no `paths`. */
const APP_TSCONFIG = { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx', strict: true, skipLibCheck: true, noEmit: true }, include: ['src'] }

export interface AppInstall {
  readonly dir: string
  /** The app entry copied into the app's folder, so its imports resolve to the folder's node_modules. */
  readonly entry: string
  readonly reused: boolean
  readonly ms: number
  /** Installed versions of the pinned and the reported packages. */
  readonly versions: Record<string, string>
}

/**
 * Installs one app's packages at their pinned versions, plus Vite and its React plugin, into its
 * own folder under .cache/bench/apps/ (a package.json of exact versions, no lockfile, nothing in
 * the project's lockfile), unless the same set is already there. Airlock's folder gets `tarball`
 * (this run's `npm pack`) as `file:./airlock-kit.tgz`; it is installed again only when Airlock's
 * dependencies change, and otherwise this run's tarball is unpacked over node_modules/airlock-kit
 * (as tests/hosts/hostApps.ts does).
 * @example const { dir, entry } = await ensureInstall(app, { tarball, log: console.log })
 */
export async function ensureInstall(app: BenchApp, { tarball, log }: { tarball?: string; log: (line: string) => void }): Promise<AppInstall> {
  const usesTarball = Object.values(app.packages).some((spec) => spec === `file:./${AIRLOCK_TARBALL}`)
  if (usesTarball && !tarball) throw new Error(`${app.id} installs the packed package: pass its tarball`)
  const dir = join(CACHE_DIR, 'apps', app.id)
  const manifest = { name: `airlock-bench-${app.id}`, private: true, dependencies: app.packages, devDependencies: VITE_PACKAGES }
  // Airlock's own dependencies are in the key: when they change, its folder is installed anew.
  const ours = usesTarball ? (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies : undefined
  const wanted = JSON.stringify({ manifest, flags: app.npmFlags ?? [], ...(ours ? { airlockDependencies: ours } : {}) })
  const markerPath = join(dir, MARKER)
  const started = performance.now()
  const reused = existsSync(markerPath) && readFileSync(markerPath, 'utf8') === wanted && existsSync(join(dir, 'node_modules'))
  if (!reused) {
    log(`installing ${app.label} (${Object.entries({ ...app.packages, ...VITE_PACKAGES }).map(([n, v]) => `${n}@${v}`).join(' ')}) into ${dir.slice(ROOT.length + 1)}`)
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    if (tarball) copyFileSync(tarball, join(dir, AIRLOCK_TARBALL))
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
    await run('npm', ['install', '--no-package-lock', '--no-audit', '--no-fund', '--include=dev', '--loglevel=error', ...(app.npmFlags ?? [])], dir)
    writeFileSync(markerPath, wanted)
  }
  if (usesTarball) {
    // This run's package, unpacked where npm put it (its dependencies are already installed beside it).
    copyFileSync(tarball!, join(dir, AIRLOCK_TARBALL))
    const target = join(dir, 'node_modules', 'airlock-kit')
    rmSync(target, { recursive: true, force: true })
    mkdirSync(target, { recursive: true })
    await run('tar', ['-xzf', AIRLOCK_TARBALL, '-C', target, '--strip-components=1'], dir)
  }
  const src = join(dir, 'src')
  rmSync(src, { recursive: true, force: true })
  mkdirSync(src, { recursive: true })
  const entry = join(src, `app${app.source.slice(app.source.lastIndexOf('.'))}`)
  copyFileSync(join(ROOT, 'tests', 'bench', 'apps', app.source), entry)
  copyFileSync(join(ROOT, 'tests', 'bench', 'apps', 'constants.ts'), join(src, 'constants.ts'))
  // The app's own tsconfig, as a host has one: without it esbuild and Vite take the repository's
  // (the nearest above), whose `paths` send `airlock-kit` to the sources instead of the package.
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(APP_TSCONFIG, null, 2)}\n`)
  const versions: Record<string, string> = {}
  for (const name of new Set([...Object.keys(app.packages), ...REPORTED])) {
    const pkg = join(dir, 'node_modules', name, 'package.json')
    if (existsSync(pkg)) versions[name] = (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version
  }
  if (usesTarball) versions['airlock-kit'] = `${versions['airlock-kit'] ?? '?'} (npm pack tarball, ${(statSync(tarball!).size / 1024).toFixed(0)} KB)`
  return { dir, entry, reused, ms: performance.now() - started, versions }
}
