import { z } from 'zod'

/**
 * The request shapes `getProvider('bip122')` takes from every Bitcoin wallet (sats-connect's):
 * `signMessage` { address, message, protocol? }, `signPsbt` { psbt: base64, signInputs: { [address]:
 * input indexes }, broadcast? }, `sendTransfer` { recipients: [{ address, amount (sats) }] }.
 * `address` is the caller's address check: full (bitcoinjs-lib) in the adapter, by form only where
 * bitcoinjs-lib must stay out of the chunk (WalletConnect).
 * @example bitcoinRequestParams(z.string()).sendTransfer.parse({ recipients: [{ address, amount: 1000 }] })
 */
export function bitcoinRequestParams(address: z.ZodType<string>) {
  return {
    signMessage: z.object({ address, message: z.string().max(65_536), protocol: z.enum(['ECDSA', 'BIP322']).optional() }),
    signPsbt: z.object({
      psbt: z.string().max(800_000).regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Expected a base64 PSBT'),
      signInputs: z.record(address, z.array(z.number().int().nonnegative().max(10_000)).max(10_000)),
      broadcast: z.boolean().optional(),
    }),
    sendTransfer: z.object({ recipients: z.array(z.object({ address, amount: z.number().int().positive().safe() })).min(1).max(100) }),
  }
}
