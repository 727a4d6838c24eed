/** The only public key the dev stack's aggregator page takes (a stand-in for a site's own Meld key). */
export const DEV_AGGREGATOR_PUBLIC_KEY = 'airlock-dev-aggregator'
/** Where the gateway serves the dev aggregator's page. */
export const DEV_AGGREGATOR_PATH = '/dev/onramp/aggregator'

/**
 * The `onrampProviders` option that sends Buy's aggregator to a running dev gateway (browser-safe:
 * the demo and host apps import it).
 * @example createAirlock({ ...options, onrampProviders: devOnrampProviders(config.gatewayUrl) })
 */
export function devOnrampProviders(gatewayUrl: string): { meld: { publicKey: string; url: string } } {
  return { meld: { publicKey: DEV_AGGREGATOR_PUBLIC_KEY, url: `${gatewayUrl}${DEV_AGGREGATOR_PATH}` } }
}
