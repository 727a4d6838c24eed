import type { Catalogue } from './types.js'

/**
 * The catalogues loaded so far, by locale (English is not here: it is the fallback built into the
 * views). Filled by the locale epic before it dispatches `theme/catalogueLoaded`, so a component
 * that sees that action's state finds its catalogue here. Code, not state: a catalogue is a few
 * KB of text and stays out of the log.
 */
export const catalogues = new Map<string, Catalogue>()
