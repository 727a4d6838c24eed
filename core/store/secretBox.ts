/** A reference to a value in a `SecretBox`: what actions, state and the event log carry instead of it. */
export type SecretRef = `secret:${string}`

/**
 * Bearer values (a Farcaster channel URL, a WalletConnect pairing URI with its key) that the
 * views need but that must never enter state or the event log: whoever reads an exported log
 * could use them. Actions carry a `SecretRef`; the value stays in this tab's memory. A replayed
 * log has the references and no values, which is the point. Bounded: the oldest go first.
 */
export interface SecretBox {
  /** Keeps `value` and returns a fresh reference to it. */
  put(value: string): SecretRef
  /** The value behind `ref`, or undefined (never kept, forgotten, or from a replayed log). */
  get(ref: string | null | undefined): string | undefined
  /** Forgets the value behind `ref`. */
  drop(ref: string | null | undefined): void
}

/** Our choice: more than any flow needs at once (one pairing URI, one channel URL, and their successors). */
export const MAX_SECRETS = 16

/**
 * @example const ref = secrets.put(url); dispatch({ type: 'auth/farcasterUrlReceived', urlRef: ref }); secrets.get(ref) // url
 */
export function createSecretBox(id: () => string): SecretBox {
  const values = new Map<string, string>()
  return {
    put(value) {
      const ref: SecretRef = `secret:${id()}`
      values.set(ref, value)
      if (values.size > MAX_SECRETS) values.delete(values.keys().next().value!)
      return ref
    },
    get: (ref) => (ref ? values.get(ref) : undefined),
    drop: (ref) => void (ref && values.delete(ref)),
  }
}
