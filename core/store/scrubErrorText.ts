import { scrubSecrets } from '../errors/scrubSecrets.js'
import type { AnyAction } from './types.js'

/** Keys under which actions carry an error (`{ message, code?, stack? }`, or its `cause`). */
const ERROR_KEYS: ReadonlySet<string> = new Set(['error', 'cause'])
/** The free-text fields of an error. */
const ERROR_TEXT: ReadonlySet<string> = new Set(['message', 'stack'])
/** An error's causes are followed this deep, no further (actions are small; this bounds a hostile one). */
const MAX_DEPTH = 4

/**
 * The action with the free text of its errors (`error`/`cause` message and stack, and an error
 * toast's message and description) scrubbed of addresses, emails and tokens. Runs before the
 * reducer, so state, the event log and `replay(log)` all hold the same scrubbed text. Returns
 * the very action when nothing changes (no copy on the hot path), else a shallow copy.
 * @example scrubErrorText({ type: 'wallet/requestFailed', id: '1', method: 'eth_call', error: { message: 'bad 0x71C7…976F' } })
 */
export function scrubErrorText<A extends AnyAction>(action: A): A {
  // Most actions carry no error: leave them without looking at every key (the store's hot path).
  if (!('error' in action) && !('cause' in action) && !('notification' in action)) return action
  const fields = action as unknown as Record<string, unknown>
  let out: Record<string, unknown> | undefined
  for (const key of Object.keys(fields)) {
    const value = fields[key]
    const scrubbed = ERROR_KEYS.has(key) ? scrubError(value, 0) : key === 'notification' ? scrubErrorToast(value) : value
    if (scrubbed !== value) (out ??= { ...fields })[key] = scrubbed
  }
  return (out ?? action) as A
}

function scrubError(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubSecrets(value)
  if (!isPlainObject(value) || depth >= MAX_DEPTH) return value
  let out: Record<string, unknown> | undefined
  for (const key of Object.keys(value)) {
    const inner = value[key]
    const scrubbed = ERROR_TEXT.has(key) && typeof inner === 'string' ? scrubSecrets(inner) : ERROR_KEYS.has(key) ? scrubError(inner, depth + 1) : inner
    if (scrubbed !== inner) (out ??= { ...value })[key] = scrubbed
  }
  return out ?? value
}

/** An error toast often repeats a wallet's or the frame's error message. */
function scrubErrorToast(value: unknown): unknown {
  if (!isPlainObject(value) || value.variant !== 'error') return value
  let out: Record<string, unknown> | undefined
  for (const key of ['message', 'description']) {
    const inner = value[key]
    if (typeof inner !== 'string') continue
    const scrubbed = scrubSecrets(inner)
    if (scrubbed !== inner) (out ??= { ...value })[key] = scrubbed
  }
  return out ?? value
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
