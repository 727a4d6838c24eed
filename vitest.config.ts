import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** The package's own name resolves to its sources, as tsconfig.json's `paths` do for tsc and esbuild. */
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  resolve: {
    alias: [
      { find: /^airlock-kit$/, replacement: source('./core/index.ts') },
      { find: /^airlock-kit\/(react|storage|telemetry|testing|devtools)$/, replacement: source('./$1/index.ts') },
      { find: /^airlock-kit\/(siwx|api|chains|options|siwx\/server)$/, replacement: source('./core/$1/index.ts') },
    ],
  },
  test: {
    include: ['{core,react,storage,telemetry,testing,devtools,tests,examples}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // "Eventually" checks (expect.poll) wait up to 5 s, not vitest's 1 s: on a loaded 2-core machine a
    // browser step (a wallet connecting, a lazy view) took over 1 s and failed a test whose rule it
    // was not (siwx e2e, 2026-11-27). It only lengthens a failure; timing rules are tested in virtual time.
    expect: { poll: { timeout: 5_000 } },
  },
})
