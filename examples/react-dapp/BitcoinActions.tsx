import { useAccount, useProvider } from 'airlock-kit/react'
import { ActionRow, useRequest } from './useRequest.js'

/** Where "Send 10,000 sats" pays to: a fixed regtest address (no one here holds its key). */
export const BITCOIN_DEMO_RECIPIENT = 'bcrt1q4m83unnp9e63kx56n4qf4c8j6w2ky6m3fexmpa'
export const BITCOIN_DEMO_SATS = 10_000

/**
 * The demo's Bitcoin buttons, shown while a Bitcoin wallet is connected: a message signed with the
 * payment address (`signMessage`, ECDSA as BIP-137) and a transfer the wallet builds, signs and
 * broadcasts (`sendTransfer`), through `getProvider('bip122')`.
 */
export function BitcoinActions() {
  const { address, isConnected } = useAccount({ namespace: 'bip122' })
  const provider = useProvider('bip122')
  const [signed, runSign] = useRequest()
  const [sent, runSend] = useRequest()
  if (!isConnected || !provider || !address) return null

  const signMessage = () =>
    runSign(async () => {
      const message = `Hello from the Airlock demo at ${location.host}.\nNonce: ${Math.random().toString(36).slice(2, 10)}`
      const { signature } = (await provider.request({ method: 'signMessage', params: { address, message, protocol: 'ECDSA' } })) as { signature: string }
      return signature
    })
  const send = () =>
    runSend(async () => {
      const { txid } = (await provider.request({ method: 'sendTransfer', params: { recipients: [{ address: BITCOIN_DEMO_RECIPIENT, amount: BITCOIN_DEMO_SATS }] } })) as { txid: string }
      return txid
    })

  return (
    <>
      <ActionRow testid="bitcoin-sign-message" label="Sign message (Bitcoin)" onClick={signMessage} outcome={signed} />
      {/* Airlock refetches the balance itself after a send (the cache does not answer). */}
      <ActionRow testid="bitcoin-send" label="Send 10,000 sats" onClick={send} outcome={sent} note={BITCOIN_DEMO_RECIPIENT} />
    </>
  )
}
