// A minimal host page for the cross-origin frame tests: the real Airlock core (no React), the
// real DOM frame host and the real transport epics, talking to the dev frame on another port.
import { createAirlock } from '../../../core/index.js'
import type { Action } from '../../../core/actions/types.js'

const params = new URL(location.href).searchParams
const gateway = params.get('gateway')!
const rpc = params.get('rpc')!
const airlock = createAirlock({
  projectId: 'airlock-dev',
  secureSiteUrl: params.get('frame')!,
  apiUrl: gateway,
  analyticsUrl: gateway,
  blockchainApiUrl: gateway,
  networks: [{ id: 31337, name: 'Airlock Devnet', chainNamespace: 'eip155', caipNetworkId: 'eip155:31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpc] } }, testnet: true }],
})
const actions: Action[] = []
airlock.action$.subscribe((action) => actions.push(action))
Object.assign(window, { testHost: { airlock, actions } })
document.body.dataset.booted = 'true'
