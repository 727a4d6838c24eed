import type { ChainNamespace, Network } from '../../chains/types.js'

/** What a session proposal asks for in one chain family (the universal provider's `Namespace`). */
export interface ProposalNamespace {
  chains: string[]
  methods: string[]
  events: string[]
  rpcMap?: Record<string, string>
}

/**
 * Methods and events asked for per family (SPEC 3, 7). Least privilege: only methods `getProvider()`
 * lets a host call (core/chains/evm/rpcMethods.ts), so no `eth_sign` (blind hash signing) or
 * `eth_signTypedData` v1 (review L-6). Bitcoin asks for the three calls `getProvider('bip122')`
 * takes (WalletConnect's Bitcoin method names). A test holds this to the allowed list.
 */
const FAMILY: Partial<Record<ChainNamespace, { methods: string[]; events: string[] }>> = {
  eip155: {
    methods: [
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'eth_sendRawTransaction',
      'eth_accounts',
      'eth_requestAccounts',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_getCapabilities',
      'wallet_sendCalls',
      'wallet_getCallsStatus',
      'wallet_grantPermissions',
      'wallet_revokePermissions',
      'wallet_getAssets',
    ],
    events: ['chainChanged', 'accountsChanged'],
  },
  solana: { methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAllTransactions', 'solana_signAndSendTransaction'], events: [] },
  // The accounts come with the session (payment first); no `getAccountAddresses`, which getProvider() does not allow.
  bip122: { methods: ['signMessage', 'signPsbt', 'sendTransfer'], events: ['bip122_addressesChanged'] },
}

/**
 * Optional namespaces for every configured chain family WalletConnect speaks (eip155, solana,
 * bip122), each with its networks' CAIP ids and, for EVM, the RPC URLs the provider reads with.
 * @example proposalNamespaces([mainnet]) // { eip155: { chains: ['eip155:1'], methods: [...], events: [...], rpcMap: { 1: '…' } } }
 */
export function proposalNamespaces(networks: readonly Network[]): Record<string, ProposalNamespace> {
  const result: Record<string, ProposalNamespace> = {}
  for (const network of networks) {
    const family = FAMILY[network.chainNamespace]
    if (!family) continue
    const entry = (result[network.chainNamespace] ??= { chains: [], methods: [...family.methods], events: [...family.events] })
    if (!entry.chains.includes(network.caipNetworkId)) entry.chains.push(network.caipNetworkId)
    const rpcUrl = network.rpcUrls.default.http[0]
    if (rpcUrl) entry.rpcMap = { ...entry.rpcMap, [String(network.id)]: rpcUrl }
  }
  return result
}
