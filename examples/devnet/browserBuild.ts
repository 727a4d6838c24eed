import type { BuildOptions } from 'esbuild'

/**
 * What every page the dev stack serves is bundled with (the demo dapp, the dev frame, the mobile
 * wallet, test host pages): ES modules for today's browsers, minified, React in production mode,
 * built in memory. Callers add their entry points, output names and splitting.
 */
export const BROWSER_BUILD_OPTIONS = {
  write: false,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'silent',
  legalComments: 'none',
} as const satisfies BuildOptions
