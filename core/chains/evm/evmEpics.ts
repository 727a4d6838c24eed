/**
 * The EVM adapter's epics, re-exported by `core/startupEffects.ts`, which `evmAdapter` imports
 * dynamically: this code (and zod for wallet responses) never blocks the page's first render.
 * viem itself loads later still, only when a balance is read (`getNativeBalance`).
 */
export { injectedDiscoveryEpic } from '../../connectors/injected/injectedDiscoveryEpic.js'
export { balanceEpic } from '../../slices/balances/balanceEpic.js'
export { connectEpic } from './connectEpic.js'
export { disconnectEpic } from './disconnectEpic.js'
export { providerEventsEpic } from './providerEventsEpic.js'
export { reconnectEpic } from './reconnectEpic.js'
export { switchNetworkEpic } from './switchNetworkEpic.js'
