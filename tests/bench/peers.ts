import { spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BenchApp } from './apps.js'
import { ROOT } from './bundle.js'

/** Git-ignored (under node_modules), survives runs: peers install once, then reuse. */
export const CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'airlock-bench')
const MARKER = '.airlock-bench.json'
/** Transitive packages worth reporting next to the pinned ones (they decide the bytes too). */
const REPORTED = ['wagmi', '@wagmi/core', '@wagmi/connectors', 'viem', '@walletconnect/universal-provider', '@walletconnect/ethereum-provider', 'react', 'react-dom']

export interface PeerInstall {
  readonly dir: string
  /** The app entry copied into the peer folder, so its imports resolve to the peer's node_modules. */
  readonly entry: string
  readonly reused: boolean
  readonly ms: number
  /** Installed versions of the pinned and the reported packages. */
  readonly versions: Record<string, string>
}

/**
 * Installs one peer kit at its pinned versions into its own folder under
 * node_modules/.cache/airlock-bench/peers/ (a package.json of exact versions, no lockfile,
 * nothing in the project's lockfile), unless the same set is already there.
 * @example const { dir, entry } = await ensurePeer(app, console.log)
 */
export async function ensurePeer(app: BenchApp, log: (line: string) => void): Promise<PeerInstall> {
  if (!app.packages) throw new Error(`${app.id} is not a peer`)
  const dir = join(CACHE_DIR, 'peers', app.id)
  const manifest = { name: `airlock-bench-${app.id}`, private: true, dependencies: app.packages }
  const wanted = JSON.stringify({ manifest, flags: app.npmFlags ?? [] })
  const markerPath = join(dir, MARKER)
  const started = performance.now()
  const reused = existsSync(markerPath) && readFileSync(markerPath, 'utf8') === wanted && existsSync(join(dir, 'node_modules'))
  if (!reused) {
    log(`installing ${app.label} (${Object.entries(app.packages).map(([n, v]) => `${n}@${v}`).join(' ')}) into ${dir.slice(ROOT.length + 1)}`)
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
    await npm(['install', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', ...(app.npmFlags ?? [])], dir)
    writeFileSync(markerPath, wanted)
  }
  const src = join(dir, 'src')
  mkdirSync(src, { recursive: true })
  const entry = join(src, `app${app.source.slice(app.source.lastIndexOf('.'))}`)
  copyFileSync(join(ROOT, 'tests', 'bench', 'apps', app.source), entry)
  copyFileSync(join(ROOT, 'tests', 'bench', 'apps', 'constants.ts'), join(src, 'constants.ts'))
  const versions: Record<string, string> = {}
  for (const name of new Set([...Object.keys(app.packages), ...REPORTED])) {
    const pkg = join(dir, 'node_modules', name, 'package.json')
    if (existsSync(pkg)) versions[name] = (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version
  }
  return { dir, entry, reused, ms: performance.now() - started, versions }
}

function npm(args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`npm ${args.join(' ')} in ${cwd} exited ${code}:\n${output.slice(-4000)}`))))
  })
}
