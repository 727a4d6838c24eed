import type { ReactNode } from 'react'
import type { CaipNetworkId } from '../../../core/chains/types.js'

/** Marks drawn for Airlock (24 × 24, brand colours, no remote images), by name. */
const MARKS = {
  ethereum: (
    <>
      <circle cx="12" cy="12" r="10" fill="#627eea" />
      <path fill="#fff" d="M12 4.5v5.6l4.6 2.1z" fillOpacity={0.6} />
      <path fill="#fff" d="M12 4.5l-4.6 7.7 4.6-2.1z" />
      <path fill="#fff" d="M12 15.9v3.6l4.6-6.4z" fillOpacity={0.6} />
      <path fill="#fff" d="M12 19.5v-3.6l-4.6-2.8z" />
      <path fill="#fff" d="M12 15l4.6-2.8L12 10.1z" fillOpacity={0.2} />
      <path fill="#fff" d="M7.4 12.2 12 15v-4.9z" fillOpacity={0.6} />
    </>
  ),
  polygon: (
    <>
      <circle cx="12" cy="12" r="10" fill="#8247e5" />
      <path
        fill="none"
        stroke="#fff"
        strokeWidth={1.6}
        strokeLinejoin="round"
        d="M14.7 10.3V8.9l-2.4-1.4-2.4 1.4v6.2l-2.4 1.4-2.4-1.4v-2.8l2.4-1.4 1.1.6M9.3 13.7v1.4l2.4 1.4 2.4-1.4V8.9l2.4-1.4 2.4 1.4v2.8l-2.4 1.4-1.1-.6"
      />
    </>
  ),
  arbitrum: (
    <>
      <path fill="#213147" stroke="#9dcced" strokeWidth={1} d="M12 2.6l8.2 4.7v9.4L12 21.4l-8.2-4.7V7.3z" />
      <path fill="#fff" d="M7.9 16.6l4-8.3h1.8l-4 8.3z" />
      <path fill="#12aaff" d="M11.6 16.6l3-6.2 1.1 2.3-1.9 3.9zM15.3 16.6l1-2 1 2z" />
    </>
  ),
  optimism: (
    <>
      <circle cx="12" cy="12" r="10" fill="#ff0420" />
      <g fill="none" stroke="#fff" strokeWidth={1.8}>
        <ellipse cx="8.9" cy="12" rx="2.3" ry="3" />
        <path d="M13.6 15.2V8.8h2.2a1.9 1.9 0 0 1 0 3.8h-2.2" strokeLinejoin="round" />
      </g>
    </>
  ),
  // A disc with a slot from its left edge, open to whatever is behind it.
  base: <path fill="#0052ff" d="M12 22A10 10 0 1 0 2.04 11.15H15.2v1.7H2.04A10 10 0 0 0 12 22z" />,
  bnb: (
    <path
      fill="#f0b90b"
      d="M12 3.5l4.3 4.3-1.6 1.6L12 6.7 9.3 9.4 7.7 7.8zM12 20.5l-4.3-4.3 1.6-1.6 2.7 2.7 2.7-2.7 1.6 1.6zM12 9.6l2.4 2.4-2.4 2.4L9.6 12zM5.6 10.4 7.2 12l-1.6 1.6L4 12zM18.4 10.4 20 12l-1.6 1.6-1.6-1.6z"
    />
  ),
  avalanche: (
    <>
      <circle cx="12" cy="12" r="10" fill="#e84142" />
      <path fill="#fff" d="M11.1 6.6c.4-.7 1.4-.7 1.8 0l1.1 1.9c.2.4.2.9 0 1.3l-3.7 6.6c-.2.4-.6.6-1 .6H6.7c-.8 0-1.3-.9-.9-1.6zM15.6 12.9c.4-.7 1.4-.7 1.8 0l1.6 2.8c.4.7-.1 1.6-.9 1.6h-3.2c-.8 0-1.3-.9-.9-1.6z" />
    </>
  ),
  solana: (
    <>
      <circle cx="12" cy="12" r="10" fill="#101014" />
      <path fill="#14f195" d="M8.2 7.2h9.9l-2.3 2.3H5.9z" />
      <path fill="#80ecff" d="M5.9 10.85h9.9l2.3 2.3H8.2z" />
      <path fill="#9945ff" d="M8.2 14.5h9.9l-2.3 2.3H5.9z" />
    </>
  ),
  bitcoin: (
    <>
      <circle cx="12" cy="12" r="10" fill="#f7931a" />
      <g fill="none" stroke="#fff" strokeWidth={1.6} strokeLinecap="round" transform="rotate(14 12 12)">
        <path d="M8.6 7.3h4.2a2.2 2.2 0 0 1 0 4.4H10M10 7.3v9.4M8.6 16.7h4.8a2.5 2.5 0 0 0 0-5H10M10.9 5.6v1.7M13 5.6v1.7M10.9 16.7v1.7M13 16.7v1.7" />
      </g>
    </>
  ),
  /** Local and test networks without a mark of their own: a flask. */
  test: (
    <>
      <circle cx="12" cy="12" r="10" fill="#7b8794" />
      <path fill="none" stroke="#fff" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" d="M10 5.8h4M10.8 5.8v4.1l-3.5 6.3c-.5.9.1 1.9 1.1 1.9h7.2c1 0 1.6-1 1.1-1.9l-3.5-6.3V5.8M8.9 14h6.2" />
    </>
  ),
} satisfies Record<string, ReactNode>

export type NetworkMarkName = keyof typeof MARKS

/** Marks of the built-in networks (core/chains/networks.ts); a chain's test networks wear its mark. */
const BY_NETWORK: Partial<Record<CaipNetworkId, NetworkMarkName>> = {
  'eip155:1': 'ethereum',
  'eip155:11155111': 'ethereum',
  'eip155:137': 'polygon',
  'eip155:42161': 'arbitrum',
  'eip155:10': 'optimism',
  'eip155:8453': 'base',
  'eip155:56': 'bnb',
  'eip155:43114': 'avalanche',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'solana',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana',
  'bip122:000000000019d6689c085ae165831e93': 'bitcoin',
  'bip122:000000000933ea01ad0ee984209779ba': 'bitcoin',
  'bip122:00000008819873e925422c1ff0f99f7c': 'bitcoin',
}

/** Every Solana and Bitcoin network, local ones included, is that chain's. */
const BY_NAMESPACE: Partial<Record<string, NetworkMarkName>> = { solana: 'solana', bip122: 'bitcoin' }

/**
 * The bundled mark for a network: its chain's, the flask for other test and local networks, or
 * null (the caller shows the name's first letter).
 * @example networkMarkName({ caipNetworkId: 'eip155:8453', testnet: false }) // 'base'
 */
export function networkMarkName(network: { caipNetworkId: CaipNetworkId; testnet?: boolean }): NetworkMarkName | null {
  return BY_NETWORK[network.caipNetworkId] ?? BY_NAMESPACE[network.caipNetworkId.split(':')[0]!] ?? (network.testnet ? 'test' : null)
}

/** The SVG content of a mark. */
export const networkMarkContent = (name: NetworkMarkName): ReactNode => MARKS[name]
