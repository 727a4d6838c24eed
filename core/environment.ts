import type { Environment } from './actions/types.js'
import type { WindowLike } from './deps.js'

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i

/**
 * The one value read from storage synchronously (issue 15): '1' while a wallet is connected, so
 * a returning visitor sees "Connecting…" in the first render, before the real (asynchronous)
 * storage is read; anything else reads as no. Written by the persistence epic.
 */
export const RETURNING_KEY = '@airlock/returning'

/** Reads the page facts once; on a server (no window) everything is null. */
export function readEnvironment(win: WindowLike | undefined): Environment {
  if (!win) return { origin: null, pageUrl: null, isMobile: false, ssr: true }
  const { origin, pathname } = win.location
  const ua = win.navigator?.userAgent ?? ''
  return {
    origin: origin && origin !== 'null' ? origin : null,
    // Never the query or hash: they can carry emails, tokens or OAuth codes.
    pageUrl: origin && origin !== 'null' ? `${origin}${pathname}` : null,
    isMobile: MOBILE_UA.test(ua),
    ssr: false,
    returning: returning(win),
  }
}

function returning(win: WindowLike): boolean {
  try {
    return win.localStorage?.getItem?.(RETURNING_KEY) === '1'
  } catch {
    // Storage off (a SecurityError): no hint.
    return false
  }
}

/** A random base-36 id (SPEC 9), from the platform's CSPRNG when there is one. */
export function randomId(): string {
  const cryptoObj = (globalThis as { crypto?: Crypto }).crypto
  if (cryptoObj?.getRandomValues) {
    const bytes = cryptoObj.getRandomValues(new Uint32Array(3))
    return Array.from(bytes, (n) => n.toString(36).padStart(7, '0')).join('')
  }
  return Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2)
}
