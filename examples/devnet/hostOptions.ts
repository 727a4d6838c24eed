import { airlockBitcoinRegtest, airlockDevnet, airlockDevnet2, airlockSolanaLocal } from '../../core/chains/networks.js'
import type { Network } from '../../core/chains/types.js'
import { devOnrampProviders } from './devAggregator.js'
import type { DevnetConfig } from './main.js'

/** What a host app passes to `createAirlock` to use this dev stack: every service URL and the dev networks on their real ports. */
export interface DevHostOptions {
  readonly projectId: string
  readonly apiUrl: string
  readonly analyticsUrl: string
  readonly blockchainApiUrl: string
  readonly relayUrl: string
  readonly secureSiteUrl: string
  readonly onrampProviders: { meld: { publicKey: string; url: string } }
  readonly networks: Network[]
}

const at = (network: Network, url: string): Network => ({ ...network, rpcUrls: { ...network.rpcUrls, default: { http: [url] } } })

/**
 * The `createAirlock` options of the running dev stack (also served as JSON at the gateway's
 * `GET /dev/options`, for a host app on any port of this machine): the dev project, the gateway
 * for the API, analytics and data service, the local relay and secure frame, and the two anvil
 * chains, the Solana cluster and the Bitcoin regtest chain at the URLs they listen on.
 * @example createAirlock({ ...hostOptions(devnet.config), metadata })
 */
export function hostOptions(config: DevnetConfig): DevHostOptions {
  const [first, second] = config.chains
  return {
    projectId: config.projectId,
    apiUrl: config.gatewayUrl,
    analyticsUrl: config.gatewayUrl,
    blockchainApiUrl: config.gatewayUrl,
    relayUrl: config.relayUrl,
    secureSiteUrl: config.secureSiteUrl,
    onrampProviders: devOnrampProviders(config.gatewayUrl),
    networks: [
      ...(first ? [at(airlockDevnet, first.rpcUrl)] : []),
      ...(second ? [at(airlockDevnet2, second.rpcUrl)] : []),
      at(airlockSolanaLocal, config.solanaRpcUrl),
      at(airlockBitcoinRegtest, config.bitcoinApiUrl),
    ],
  }
}

/**
 * The same options as code a host app pastes (what `npm start` prints): the built-in dev networks
 * with their real URLs, so nothing is copied that the package already exports.
 * @example console.log(hostOptionsSnippet(devnet.config))
 */
export function hostOptionsSnippet(config: DevnetConfig): string {
  const options = hostOptions(config)
  const url = (network: Network) => JSON.stringify(network.rpcUrls.default.http[0])
  const [devnet, devnet2, solana, bitcoin] = options.networks
  const line = (name: string, network: Network | undefined) => (network ? [`    { ...${name}, rpcUrls: { default: { http: [${url(network)}] } } },`] : [])
  return [
    `import { airlockBitcoinRegtest, airlockDevnet, airlockDevnet2, airlockSolanaLocal, createAirlock } from 'airlock-kit'`,
    ``,
    `const airlock = createAirlock({`,
    `  projectId: ${JSON.stringify(options.projectId)},`,
    `  apiUrl: ${JSON.stringify(options.apiUrl)},`,
    `  analyticsUrl: ${JSON.stringify(options.analyticsUrl)},`,
    `  blockchainApiUrl: ${JSON.stringify(options.blockchainApiUrl)},`,
    `  relayUrl: ${JSON.stringify(options.relayUrl)},`,
    `  secureSiteUrl: ${JSON.stringify(options.secureSiteUrl)},`,
    `  onrampProviders: ${JSON.stringify(options.onrampProviders)},`,
    `  networks: [`,
    ...line('airlockDevnet', devnet),
    ...line('airlockDevnet2', devnet2),
    ...line('airlockSolanaLocal', solana),
    ...line('airlockBitcoinRegtest', bitcoin),
    `  ],`,
    `  metadata: { name: 'My app', description: 'My app on the Airlock dev stack', url: location.origin, icons: [] },`,
    `})`,
  ].join('\n')
}
