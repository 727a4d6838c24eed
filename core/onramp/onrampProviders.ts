import { selectActiveNetwork } from '../slices/network/selectors.js'
import type { AirlockState } from '../state.js'
import type { OnrampProviderId } from './types.js'

export interface OnrampProviderEntry {
  readonly id: OnrampProviderId
  readonly name: string
  readonly description: string
  /** The chain families it sells to (SPEC 9). */
  readonly namespaces: readonly string[]
}

/** SPEC 9's providers, both at 1-2 % in fees: the card provider (EVM) and the aggregator (EVM and Solana). */
export const ONRAMP_PROVIDER_LIST: readonly OnrampProviderEntry[] = [
  { id: 'coinbase', name: 'Coinbase', description: 'Card or bank account', namespaces: ['eip155'] },
  { id: 'meld', name: 'Meld', description: 'Compares many providers', namespaces: ['eip155', 'solana'] },
]

/**
 * The providers the Buy view offers to the active account: those the `onramp` feature lists (the
 * project's remote config may narrow it), that sell to its chain family; the aggregator only when
 * the site gave its public key (`onrampProviders.meld`).
 * @example availableOnrampProviders(state).map((p) => p.id) // ['coinbase']
 */
export function availableOnrampProviders(state: AirlockState): OnrampProviderEntry[] {
  const listed = state.options.features.onramp
  // The network the Buy view names and buys on: one rule for what it says and what it offers.
  const namespace = selectActiveNetwork(state).chainNamespace
  return ONRAMP_PROVIDER_LIST.filter(
    (p) => Array.isArray(listed) && listed.includes(p.id) && p.namespaces.includes(namespace) && (p.id !== 'meld' || state.options.onrampProviders?.meld !== undefined),
  )
}
