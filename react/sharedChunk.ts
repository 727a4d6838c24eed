/**
 * The React side of `core/sharedChunk.ts`: lazy modules of the React layer (the modal and its lazy
 * views) re-export `SHARED_CHUNK` from here, so the components and hooks the page renders first
 * share one chunk with them instead of one per combination. Core-only lazy modules use the core
 * file, which never imports React (React is an optional peer).
 */
export * from './index.js'
export * from '../core/index.js'
export const SHARED_CHUNK = 'react'
// React DOM's client (the page's largest module) reached from here too: it then lands in this shared
// chunk instead of the page's entry file, so the browser, which finds a module's imports only
// after parsing all of it, fetches React DOM and Airlock in parallel rather than parsing React DOM
// before requesting Airlock (issue #7: about 10-20 ms off the connect button's first paint with
// esbuild). Nothing is evaluated that the page did not already load.
export { createRoot as HOST_ROOT } from 'react-dom/client'
