/**
 * One shared start-up chunk instead of a dozen (issue #7: the connect button's first paint).
 *
 * esbuild's code splitting puts each module into the chunk of the exact set of entry points (the
 * page, plus every dynamically imported module) that reach it. Core modules that both the page and
 * some lazy modules use ended up spread over one small chunk per combination of lazy modules: a
 * dozen files the browser had to fetch, after the entry and before the first render. Every lazy
 * entry re-exports `SHARED_CHUNK` from here, so each of them reaches the whole public core, the
 * page's core modules share one set of entry points, and so one chunk. It costs no bytes: tree
 * shaking keeps only the constant.
 *
 * Measured on the packed package in the host apps of tests/hosts (issue 12): esbuild +19.7 KB gzip
 * in 4 initial files with it, +22.4 KB in 19 files without; Vite 8 (Rolldown) +19.2 KB in 2 files
 * either way (it groups chunks by itself). It pays in one host and costs nothing in the other.
 */
export * from './index.js'
// The chain helpers left `airlock-kit` for their own entry; the page still uses a few (formatting).
export * from './chains/index.js'
export const SHARED_CHUNK = 'core'
// The loaded catalogues: the page's buttons read them, the locale epic and the views' chunks too.
export { catalogues as I18N_CATALOGUES } from './i18n/catalogues.js'
