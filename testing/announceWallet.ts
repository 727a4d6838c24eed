/** EIP-6963 info of the test wallet (an inline SVG icon, as real wallets ship). */
export const TEST_WALLET_INFO = {
  uuid: '0b6c1a3e-5d7f-4e29-9a41-7f1c2d3e4b5a',
  name: 'Airlock Test Wallet',
  icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"%3E%3Crect width="8" height="8" fill="%2300a"/%3E%3C/svg%3E',
  rdns: 'dev.airlock.testwallet',
} as const

/**
 * Announces a wallet the EIP-6963 way on a window-like target: once now, and again on every
 * `eip6963:requestProvider`. Returns a function that stops answering requests.
 * @example const stop = announceWallet(fakeWindow, wallet)
 */
export function announceWallet(target: EventTarget, provider: unknown, info: Record<string, unknown> = TEST_WALLET_INFO): () => void {
  const announce = (): void => {
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: Object.freeze({ ...info }), provider }) }))
  }
  target.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}
