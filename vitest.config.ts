import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** The package's own name resolves to its sources, as tsconfig.json's `paths` do for tsc and esbuild. */
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  resolve: {
    alias: [
      { find: /^airlock-kit$/, replacement: source('./core/index.ts') },
      { find: /^airlock-kit\/(react|storage|telemetry)$/, replacement: source('./$1/index.ts') },
      { find: /^airlock-kit\/(siwx|api|chains|options)$/, replacement: source('./core/$1/index.ts') },
    ],
  },
  test: {
    include: ['{core,react,storage,telemetry,tests,examples}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
