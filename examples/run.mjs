#!/usr/bin/env node
// Runs one TypeScript file with Node 20: bundles it with esbuild (packages stay
// external) into node_modules/.cache/airlock-examples/ and imports it.
//   node examples/run.mjs examples/raw-subscription/main.ts
//   node examples/run.mjs examples/replay/main.ts path/to/airlock.log.json
import { basename, dirname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { bundleForNode } from './bundleForNode.mjs'

const [entry, ...args] = process.argv.slice(2)
if (!entry) {
  console.error('usage: node examples/run.mjs <file.ts> [args...]')
  process.exit(2)
}
const input = resolve(entry)
let file
try {
  file = await bundleForNode({ entry: input, cacheName: 'airlock-examples', outName: `${basename(dirname(input))}-${basename(input).replace(/\.[cm]?tsx?$/, '')}.mjs` })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
// The script sees its own arguments as process.argv.slice(2).
process.argv = [process.argv[0], input, ...args]
await import(pathToFileURL(file).href)
