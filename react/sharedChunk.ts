/**
 * The React side of `core/sharedChunk.ts`: lazy modules of the React layer (the modal and its lazy
 * views) re-export `SHARED_CHUNK` from here, so the components and hooks the page renders first
 * share one chunk with them instead of one per combination. Core-only lazy modules use the core
 * file, which never imports React (React is an optional peer).
 */
export * from './index.js'
export * from '../core/index.js'
export const SHARED_CHUNK = 'react'
