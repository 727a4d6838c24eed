// Builds the package as hosts' bundlers like it best: one ESM file per source module (as viem and
// wagmi ship), so Vite, Next.js and esbuild split and tree-shake Airlock with the host's own code,
// instead of inheriting chunks pre-cut for one imagined page. Dependencies are never inlined.
// Declarations come from `tsc -p tsconfig.build.json` into the same folders.
import { build } from 'esbuild'
import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'

const SOURCE_DIRS = ['core', 'react', 'storage', 'telemetry', 'testing', 'devtools']
/** Tests and our own test helpers never ship (the `testing/` kit at the top does: `airlock-kit/testing`). */
const SKIP = /\.test\.tsx?$|^(core|react|storage|telemetry)\/(.*\/)?testing\/|\.d\.ts$/

async function sources(dir) {
  const found = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) found.push(...(await sources(path)))
    else if (/\.tsx?$/.test(entry.name) && !SKIP.test(path)) found.push(path)
  }
  return found
}

const client = (file) => file.startsWith('react/') || file.startsWith('devtools/')
const all = (await Promise.all(SOURCE_DIRS.map(sources))).flat()
const common = { outdir: 'dist', outbase: '.', bundle: false, format: 'esm', platform: 'neutral', target: 'es2022', sourcemap: true, jsx: 'automatic', logLevel: 'warning' }

await rm('dist', { recursive: true, force: true })
await Promise.all([
  build({ ...common, entryPoints: all.filter((file) => !client(file)) }),
  // Every React module is client code: Next.js's server components may render `<ConnectButton />`
  // (a client reference) but never run these modules on the server themselves. The devtools panel too.
  build({ ...common, entryPoints: all.filter(client), banner: { js: "'use client';" } }),
])
console.log(`built ${all.length} modules into dist/`)
