/** The chain families Airlock knows (SPEC 3). */
export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number]

/** A CAIP-2 network id such as `eip155:1`. */
export type CaipNetworkId = `${ChainNamespace}:${string}`
/** A CAIP-10 account id such as `eip155:1:0xabc…`. */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

export interface NativeCurrency {
  readonly name: string
  readonly symbol: string
  readonly decimals: number
}

/** A network with the fields of SPEC 3. Plain data: it travels inside actions and state. */
export interface Network {
  /** Chain id: a number for EVM, the genesis-hash reference for Solana and Bitcoin. */
  readonly id: number | string
  readonly name: string
  readonly chainNamespace: ChainNamespace
  readonly caipNetworkId: CaipNetworkId
  readonly nativeCurrency: NativeCurrency
  readonly rpcUrls: {
    readonly default: { readonly http: readonly string[]; readonly webSocket?: readonly string[] }
    readonly chainDefault?: { readonly http: readonly string[]; readonly webSocket?: readonly string[] }
  }
  readonly assets?: { readonly imageId?: string; readonly imageUrl?: string }
  readonly blockExplorers?: { readonly default: { readonly name: string; readonly url: string } }
  readonly testnet?: boolean
}
