import type { ErrorInfo } from '../../actions/types.js'
import { BaseError, toErrorInfo } from '../../errors/BaseError.js'

/** EIP-1193 "User Rejected Request": shown with one fixed message and never retried. */
export const USER_REJECTED_CODE = 4001
export const USER_REJECTED_MESSAGE = 'User rejected the request.'
/** Wallet messages can be long (viem appends request bodies and URLs); actions keep a short one. */
const MAX_MESSAGE_LENGTH = 200

/**
 * The RPC error code of a wallet error, wherever the wallet put it: `code`, MetaMask
 * mobile's `data.originalError.code`, or a wrapped `cause.code` (viem).
 * @example walletErrorCode({ code: -32603, data: { originalError: { code: 4902 } } }) // 4902
 */
export function walletErrorCode(error: unknown): number | string | undefined {
  const codes = walletErrorCodes(error)
  return codes[0]
}

/**
 * Every code found on the error, outermost first; a switch that needs "any of" reads all of them.
 * @example walletErrorCodes({ code: -1, data: { originalError: { code: 4902 } } }) // [-1, 4902]
 */
export function walletErrorCodes(error: unknown): (number | string)[] {
  const found: (number | string)[] = []
  const visit = (value: unknown, depth: number): void => {
    if (depth > 3 || value === null || typeof value !== 'object') return
    const { code, data, cause } = value as { code?: unknown; data?: unknown; cause?: unknown }
    if (typeof code === 'number' || typeof code === 'string') found.push(code)
    if (data !== null && typeof data === 'object') visit((data as { originalError?: unknown }).originalError, depth + 1)
    visit(cause, depth + 1)
  }
  visit(error, 0)
  return found
}

/**
 * The plain `{ message, code? }` an action carries for a wallet error: 4001 always reads
 * 'User rejected the request.', viem's short message is preferred, and the length is capped.
 * @example walletErrorInfo({ code: 4001, message: 'MetaMask Tx Signature: User denied' }) // { message: 'User rejected the request.', code: 4001 }
 */
export function walletErrorInfo(error: unknown, fallback: string): ErrorInfo {
  // Our own errors already carry the message meant for people (their cause is only context).
  if (error instanceof BaseError) return error.toJSON()
  const code = walletErrorCode(error)
  if (code === USER_REJECTED_CODE) return { message: USER_REJECTED_MESSAGE, code }
  const short = error !== null && typeof error === 'object' ? (error as { shortMessage?: unknown }).shortMessage : undefined
  const info = toErrorInfo(error, fallback)
  const raw = typeof short === 'string' && short.length > 0 ? short : info.message
  const message = raw.length > MAX_MESSAGE_LENGTH ? `${raw.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : raw
  return code === undefined ? { message } : { message, code }
}
