/**
 * `airlock-kit/testing`: Airlock's own test tools for a host app's tests. A scriptable EIP-1193
 * test wallet on a viem account (announced through EIP-6963 in happy-dom, jsdom or a Playwright
 * page), an Airlock whose timing rules run on a virtual clock, and assertions over its event log.
 * Never imported by the package's other entries, so it stays out of production builds.
 */
export { announceWallet, TEST_WALLET_INFO } from './announceWallet.js'
export { createTestAirlock } from './createTestAirlock.js'
export type { TestAirlock } from './createTestAirlock.js'
export { expectActions } from './expectActions.js'
export type { ActionExpectations } from './expectActions.js'
export { installTestWallet } from './installTestWallet.js'
export type { PlaywrightPageLike } from './installTestWallet.js'
export { createTestWallet } from './testWallet.js'
export type { CreateTestWalletParameters, TestWallet } from './testWallet.js'
export { TestWalletError, USER_REJECTED } from './testWalletError.js'
export type { RpcEnvelope, RpcErrorData } from './testWalletError.js'
export type { WalletPrompts } from './walletPrompts.js'
