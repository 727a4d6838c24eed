// Written as a host app writes it, against the installed package only.
import { airlockDevnet, createAirlock, type Airlock } from 'airlock-kit'

/** What the test puts on the page before it loads: the dev stack's addresses (ports change per run). */
export interface HostConfig {
  readonly rpcUrl: string
  readonly gatewayUrl: string
  readonly relayUrl: string
  readonly secureSiteUrl: string
}

declare global {
  interface Window {
    __AIRLOCK_HOST__?: HostConfig
  }
}

/** One Airlock for the page, pointed at the local dev stack; on a server, the same options without a page. */
export function makeAirlock(): Airlock {
  const config = typeof window === 'undefined' ? undefined : window.__AIRLOCK_HOST__
  return createAirlock({
    projectId: 'airlock-dev',
    networks: [config ? { ...airlockDevnet, rpcUrls: { default: { http: [config.rpcUrl] } } } : airlockDevnet],
    metadata: { name: 'Host app', description: 'Airlock in a host app', url: 'http://127.0.0.1', icons: [] },
    features: { analytics: false, email: false, socials: false },
    ...(config ? { apiUrl: config.gatewayUrl, blockchainApiUrl: config.gatewayUrl, analyticsUrl: config.gatewayUrl, relayUrl: config.relayUrl, secureSiteUrl: config.secureSiteUrl } : {}),
  })
}
