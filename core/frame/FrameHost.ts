import type { FrameBounds } from '../actions/frame.js'

/** Where and how the visible frame is drawn. */
export interface FramePlacement {
  readonly bounds?: FrameBounds
  readonly colorScheme?: 'light' | 'dark'
}

/**
 * The DOM side of the secure frame, kept behind this small interface so epics stay pure and tests
 * can pass their own. The real one is `createDomFrameHost` (loaded on demand with the frame epics).
 */
export interface FrameHost {
  /** Creates the hidden iframe on the secure site; calling it again reloads it (a retry). Throws without a document. */
  load(): void
  /**
   * Calls `listener` with the data of every message that came from our iframe's window AND the
   * secure site's exact origin; everything else never reaches it. Returns the unsubscribe.
   */
  listen(listener: (data: unknown) => void): () => void
  /**
   * Calls `listener` each time our iframe shows a document this host did not ask for: its `load`
   * event beyond the one each `load()` expects (the frame reloaded or navigated by itself, or its
   * page failed to load). Requests posted to the old document will never be answered. Returns
   * the unsubscribe. Optional: a host without it is never told (requests then end by timeout).
   */
  listenReloads?(listener: () => void): () => void
  /** Posts to our iframe with the secure site's exact origin as target. Throws 'AirlockFrame: iframe is not set' before `load`. */
  post(message: unknown): void
  /**
   * Shows the frame (above everything, layer 999999) over `placement.bounds` (full screen
   * without), in the given color scheme, and gives it the focus; or hides it again.
   */
  setVisible(visible: boolean, placement?: FramePlacement): void
  /** Removes the iframe and every listener. */
  destroy(): void
}

/** SPEC 8 'W3mFrame: iframe is not set', named for Airlock. */
export const IFRAME_NOT_SET = 'AirlockFrame: iframe is not set'
/** SPEC 8 'W3mFrame: parent is not set', named for Airlock: no page to put the frame in (server rendering). */
export const PARENT_NOT_SET = 'AirlockFrame: parent is not set'
