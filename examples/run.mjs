#!/usr/bin/env node
// Runs one TypeScript example with Node 20: bundles it with esbuild (packages stay
// external) into node_modules/.cache/airlock-examples/ and imports it.
//   node examples/run.mjs examples/raw-subscription/main.ts
//   node examples/run.mjs examples/replay/main.ts path/to/airlock.log.json
import { build } from 'esbuild'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const [entry, ...args] = process.argv.slice(2)
if (!entry) {
  console.error('usage: node examples/run.mjs <example.ts> [args...]')
  process.exit(2)
}
const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const cacheDir = join(root, 'node_modules', '.cache', 'airlock-examples')
const input = resolve(entry)
const outfile = join(cacheDir, `${basename(dirname(input))}-${basename(input).replace(/\.[cm]?tsx?$/, '')}.mjs`)
let result
try {
  result = await build({
    absWorkingDir: root,
    entryPoints: [input],
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
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
await mkdir(cacheDir, { recursive: true })
const tmp = `${outfile}.${process.pid}.tmp`
await writeFile(tmp, result.outputFiles[0].contents)
await rename(tmp, outfile)
// The example sees its own arguments as process.argv.slice(2).
process.argv = [process.argv[0], input, ...args]
await import(pathToFileURL(outfile).href)
