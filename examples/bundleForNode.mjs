// Node 20 cannot run TypeScript: bundle one entry with esbuild (packages stay
// external) into a git-ignored cache folder and return the file to import.
// Shared by `npm start`, `npm run bench` and examples/run.mjs.
import { build } from 'esbuild'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root (this file sits in examples/). */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Bundles `entry` (absolute path) to `node_modules/.cache/<cacheName>/<outName>`.
 * Writes then renames, so a concurrent reader never sees half a file.
 * @example const file = await bundleForNode({ entry: join(root, 'examples/devnet/main.ts'), cacheName: 'airlock-devnet', outName: 'main.mjs' })
 */
export async function bundleForNode({ entry, cacheName, outName }) {
  const cacheDir = join(root, 'node_modules', '.cache', cacheName)
  const outfile = join(cacheDir, outName)
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    outfile,
    sourcemap: 'inline',
    logLevel: 'silent',
  })
  await mkdir(cacheDir, { recursive: true })
  const tmp = `${outfile}.${process.pid}.tmp`
  await writeFile(tmp, result.outputFiles[0].contents)
  await rename(tmp, outfile)
  return outfile
}
