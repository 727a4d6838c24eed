import { describe, expect, test } from 'vitest'
import { isAllowedRpcMethod, UNSAFE_RPC_METHODS } from '../../chains/evm/rpcMethods.js'
import { NETWORKS, base, bitcoin, ethereum, solana } from '../../chains/networks.js'
import { proposalNamespaces } from './namespaces.js'

describe('proposalNamespaces', () => {
  test('behavior: the proposal asks only for methods getProvider() allows (review L-6)', () => {
    const namespaces = proposalNamespaces(NETWORKS)
    expect(Object.keys(namespaces).sort()).toEqual(['bip122', 'eip155', 'solana'])
    const asked = Object.values(namespaces).flatMap((ns) => ns.methods)
    expect(asked.filter((method) => !isAllowedRpcMethod(method))).toEqual([])
    expect(asked).not.toContain('eth_sign')
    expect(asked).not.toContain('eth_signTypedData')
  })

  test('behavior: every signing and sending method getProvider() allows for EVM and Solana is still asked for', () => {
    const namespaces = proposalNamespaces([ethereum, base, solana, bitcoin])
    const asked = new Set(Object.values(namespaces).flatMap((ns) => ns.methods))
    // `eth_sendUserOperation` is an ERC-4337 bundler's method, not a wallet's.
    expect(UNSAFE_RPC_METHODS.filter((method) => !asked.has(method))).toEqual(['eth_sendUserOperation'])
    expect(namespaces['eip155']!.events).toEqual(['chainChanged', 'accountsChanged'])
    expect(namespaces['bip122']).toMatchObject({ chains: [bitcoin.caipNetworkId], methods: ['signMessage', 'signPsbt', 'sendTransfer'] })
  })
})
