// Builds the four public entry points into dist/ as ESM. Dependencies stay
// external so the host's bundler dedupes them (one React, one rxjs).
import { build } from 'esbuild'
import { readFile } from 'node:fs/promises'

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'))
const external = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.peerDependencies ?? {}),
].flatMap((name) => [name, `${name}/*`])

await build({
  entryPoints: {
    'core/index': 'core/index.ts',
    'react/index': 'react/index.ts',
    'storage/index': 'storage/index.ts',
    'telemetry/index': 'telemetry/index.ts',
    // `airlock/siwx`: sign-in messages, configs and verifiers live in core/ (the top level is fixed).
    'siwx/index': 'core/siwx/index.ts',
    // `airlock/api`: the HTTP client and alert catalogue, kept out of `airlock` (see core/index.ts).
    'api/index': 'core/api/index.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  sourcemap: true,
  external,
  jsx: 'automatic',
  logLevel: 'warning',
})
console.log('built dist/{core,react,storage,telemetry,siwx,api}')
