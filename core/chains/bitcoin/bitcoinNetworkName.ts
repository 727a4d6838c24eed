import type { BitcoinNetworkName } from '../address.js'
import type { Network } from '../types.js'

/** Address formats by genesis hash: signet shares testnet's (`tb1…`), regtest has its own (`bcrt1…`). */
const FORMAT_BY_GENESIS: Readonly<Record<string, BitcoinNetworkName>> = {
  '000000000019d6689c085ae165831e93': 'mainnet',
  '000000000933ea01ad0ee984209779ba': 'testnet',
  '00000008819873e925422c1ff0f99f7c': 'testnet',
  '0f9188f13cb7b2c71f2a335e3a4fc328': 'regtest',
}

/**
 * The address format of a Bitcoin network (bitcoinjs-lib's network name), or undefined for a
 * chain Airlock does not know the addresses of.
 * @example bitcoinNetworkName(bitcoinSignet) // 'testnet'
 */
export function bitcoinNetworkName(network: Network): BitcoinNetworkName | undefined {
  const id = String(network.id)
  return Object.hasOwn(FORMAT_BY_GENESIS, id) ? FORMAT_BY_GENESIS[id] : undefined
}
