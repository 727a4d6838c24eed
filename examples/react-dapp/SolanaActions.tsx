import bs58 from 'bs58'
import { useAccount, useProvider } from 'airlock-kit/react'
import type { DevnetPageConfig } from './config.js'
import { ActionRow, useRequest } from './useRequest.js'

/** Where "Send 0.01 SOL" pays to: a fixed account on the local cluster (no one holds its key). */
export const SOLANA_DEMO_RECIPIENT = 'FCCSRHSX1nbCPS7pPfHKkbPCwL9Env2CuNwQBGGrvbbu'
/** 0.01 SOL in lamports. */
export const SOLANA_DEMO_LAMPORTS = 10_000_000

/**
 * The demo's Solana buttons, shown while a Solana wallet is connected: a message signed through
 * `solana_signMessage` (base58 in and out), and a transfer built with @solana/web3.js (loaded on
 * the first send) that the wallet signs and sends with `solana_signAndSendTransaction`.
 */
export function SolanaActions({ config }: { config: DevnetPageConfig }) {
  const { address, isConnected } = useAccount({ namespace: 'solana' })
  const provider = useProvider('solana')
  const [signed, runSign] = useRequest()
  const [sent, runSend] = useRequest()
  if (!isConnected || !provider || !address) return null

  const signMessage = () =>
    runSign(async () => {
      const message = new TextEncoder().encode(`Hello from the Airlock demo at ${location.host}.\nNonce: ${Math.random().toString(36).slice(2, 10)}`)
      const { signature } = (await provider.request({ method: 'solana_signMessage', params: { message: bs58.encode(message), pubkey: address } })) as { signature: string }
      return signature
    })
  const send = () =>
    runSend(async () => {
      if (!config.solanaRpcUrl) throw new Error('This dev stack runs no Solana cluster.')
      const { Connection, PublicKey, SystemProgram, Transaction } = await import('@solana/web3.js')
      const connection = new Connection(config.solanaRpcUrl, 'confirmed')
      const from = new PublicKey(address)
      const { blockhash } = await connection.getLatestBlockhash()
      const transaction = new Transaction({ feePayer: from, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: from, toPubkey: new PublicKey(SOLANA_DEMO_RECIPIENT), lamports: SOLANA_DEMO_LAMPORTS }))
      const bytes = transaction.serialize({ requireAllSignatures: false, verifySignatures: false })
      const { signature } = (await provider.request({ method: 'solana_signAndSendTransaction', params: { transaction: bytes.toString('base64'), pubkey: address } })) as { signature: string }
      return signature
    })

  return (
    <>
      <ActionRow testid="solana-sign-message" label="Sign message (Solana)" onClick={signMessage} outcome={signed} />
      {/* Airlock refetches the balance itself after a send (the cache does not answer). */}
      <ActionRow testid="solana-send" label="Send 0.01 SOL" onClick={send} outcome={sent} note={SOLANA_DEMO_RECIPIENT} />
    </>
  )
}
