/** The demo's wallet requests, as plain EIP-1193 payloads (no viem needed in the page). */

const encoder = new TextEncoder()

/** UTF-8 text as 0x-hex, the form `personal_sign` expects. */
export function utf8ToHex(text: string): `0x${string}` {
  return `0x${Array.from(encoder.encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`
}

export function signMessageRequest(address: string, host: string, nonce: string) {
  const message = `Hello from the Airlock demo at ${host}.\nThis signature costs nothing.\nNonce: ${nonce}`
  return { message, request: { method: 'personal_sign', params: [utf8ToHex(message), address] } }
}

/** The EIP-712 "Mail" example, on the wallet's current chain. */
export function signTypedDataRequest(address: string, chainId: number) {
  const typedData = {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      Person: [
        { name: 'name', type: 'string' },
        { name: 'wallet', type: 'address' },
      ],
      Mail: [
        { name: 'from', type: 'Person' },
        { name: 'to', type: 'Person' },
        { name: 'contents', type: 'string' },
      ],
    },
    primaryType: 'Mail',
    domain: { name: 'Airlock Demo', version: '1', chainId, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
    message: {
      from: { name: 'Dev', wallet: address },
      to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
      contents: 'Hello, Bob!',
    },
  }
  return { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typedData)] }
}

/** 0.01 ETH in wei. */
export const DEMO_VALUE_WEI = 10n ** 16n

export function sendRequest(from: string, to: string) {
  return { method: 'eth_sendTransaction', params: [{ from, to, value: `0x${DEMO_VALUE_WEI.toString(16)}` }] }
}

/** An error from a wallet or Airlock as one line of text: `[code] message`. */
export function errorText(error: unknown): string {
  if (error && typeof error === 'object') {
    const { code, message, shortMessage } = error as { code?: unknown; message?: unknown; shortMessage?: unknown }
    const text = typeof shortMessage === 'string' ? shortMessage : typeof message === 'string' ? message : 'Request failed'
    return typeof code === 'number' || typeof code === 'string' ? `[${code}] ${text}` : text
  }
  return String(error)
}
