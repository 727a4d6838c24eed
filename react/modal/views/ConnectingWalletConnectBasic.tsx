import { WalletConnectPairing } from './ConnectingWalletConnect.js'
// One shared start-up chunk with the page (see react/sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

/** SPEC 2 ConnectingWalletConnectBasic: the plain pairing screen, a QR code and a copy link, for any WalletConnect wallet. */
export function ConnectingWalletConnectBasic() {
  return <WalletConnectPairing basic />
}
