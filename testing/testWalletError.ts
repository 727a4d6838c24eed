/** An EIP-1193 error as it crosses the wire (and a browser bridge): plain data. */
export interface RpcErrorData {
  readonly code: number
  readonly message: string
  readonly data?: unknown
}

/** What `call` answers: JSON in, JSON out, never a throw (the browser bridge's core). */
export type RpcEnvelope = { readonly result: unknown } | { readonly error: RpcErrorData }

/** The error a wallet throws: an Error (so stacks and `instanceof` work) with EIP-1193's code. */
export class TestWalletError extends Error {
  readonly code: number
  readonly data: unknown
  constructor({ code, message, data }: RpcErrorData) {
    super(message)
    this.name = 'TestWalletError'
    this.code = code
    this.data = data
  }
}

/** Builds the plain error, leaving `data` out when there is none. */
export const rpcError = (code: number, message: string, data?: unknown): RpcErrorData => (data === undefined ? { code, message } : { code, message, data })
export const USER_REJECTED: RpcErrorData = { code: 4001, message: 'User rejected the request.' }

/** The chain id of a `wallet_switchEthereumChain` / `wallet_addEthereumChain` parameter. */
export function chainIdOf(param: unknown): number {
  const raw = (param as { chainId?: unknown } | undefined)?.chainId
  if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]{1,13}$/.test(raw)) throw new TestWalletError(rpcError(-32602, 'chainId must be a hex string'))
  return Number.parseInt(raw, 16)
}
