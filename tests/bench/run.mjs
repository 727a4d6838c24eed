#!/usr/bin/env node
// `npm run bench`: bundles the TypeScript runner (tests/bench/main.ts) with esbuild, packages
// external, into the git-ignored node_modules/.cache/airlock-bench/, then runs it with the
// arguments after `--` (e.g. `npm run bench -- --check`).
import { build } from 'esbuild'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const cacheDir = join(root, 'node_modules', '.cache', 'airlock-bench')
const outfile = join(cacheDir, 'runner.mjs')
let result
try {
  result = await build({
    absWorkingDir: root,
    entryPoints: [join(root, 'tests', 'bench', 'main.ts')],
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
await import(pathToFileURL(outfile).href)
