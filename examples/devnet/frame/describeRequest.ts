import { formatEther, hexToBigInt, isHex, parseTransaction, type Hex } from 'viem'
import type { FrameRpcRequest } from '../../../core/frame/index.js'

/** One line of the approval summary: a label and its full value, as plain text. */
export interface SummaryField {
  readonly label: string
  readonly value: string
}

/** What the frame's approval view shows for a request: a title, the facts that decide, then the raw detail. */
export interface RequestSummary {
  readonly title: string
  /** In the order the person should read them: for transactions to, value, chain and method before any data. Never cut. */
  readonly fields: readonly SummaryField[]
  /** The long part (calldata, typed data, message bytes), shown after the fields in a scrollable box. */
  readonly detail: { readonly label: string; readonly text: string } | null
}

export interface SummaryChain {
  readonly chainId: number
  readonly name: string
  readonly symbol?: string
}

/**
 * A readable summary of a signing request, built by the frame from the request itself (never from
 * anything the page describes): recipient, value in the native unit (exact, never rounded), chain,
 * method, data length, the decoded text of a message, the domain and primary type of typed data.
 * The long part (calldata, JSON) is only ever the `detail`, after every field (review L-3).
 * @example describeRpcRequest({ method: 'eth_sendTransaction', params: [{ to: '0x…', value: '0xde0b6b3a7640000' }] }, chain).fields[1] // { label: 'Value', value: '1 ETH' }
 */
export function describeRpcRequest(request: FrameRpcRequest, chain: SummaryChain): RequestSummary {
  const symbol = chain.symbol ?? 'ETH'
  const chainField = { label: 'Chain', value: `${chain.name} (${chain.chainId})` }
  const methodField = { label: 'Method', value: request.method }
  const amount = (value: unknown) => `${formatEther(typeof value === 'string' && isHex(value) && value.length > 2 ? hexToBigInt(value) : 0n)} ${symbol}`
  // The schema (`rpcRequestSchema`) already fixed each shaped method's params; the union cannot narrow them by method.
  switch (request.method) {
    case 'personal_sign': {
      const [message, address] = request.params as [string, string]
      const text = decodeText(message)
      return {
        title: 'Sign a message',
        fields: [{ label: 'Account', value: address }, chainField, methodField],
        detail: { label: text === null ? 'Message (bytes)' : 'Message', text: text ?? message },
      }
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = request.params as [string, string | Record<string, unknown>]
      const typed = parseTyped(data)
      const domain = typed?.domain ?? {}
      const fields: SummaryField[] = [
        { label: 'Primary type', value: typeof typed?.primaryType === 'string' ? typed.primaryType : 'unknown' },
        { label: 'Domain', value: [domain.name, domain.version].filter((v) => typeof v === 'string' || typeof v === 'number').join(' ') || 'none' },
        { label: 'Domain chain', value: domain.chainId === undefined ? 'any' : String(domain.chainId) },
        ...(typeof domain.verifyingContract === 'string' ? [{ label: 'Contract', value: domain.verifyingContract }] : []),
        { label: 'Account', value: address },
        chainField,
        methodField,
      ]
      return { title: 'Sign typed data', fields, detail: { label: 'Message', text: JSON.stringify(typed?.message ?? data, null, 2) } }
    }
    case 'eth_sendTransaction': {
      const [tx] = request.params as [{ to?: string; value?: string; data?: string }]
      return { title: 'Send a transaction', fields: transactionFields(tx.to, tx.value, tx.data, [chainField, methodField], amount), detail: dataDetail(tx.data) }
    }
    case 'eth_sendRawTransaction': {
      const [raw] = request.params as [string]
      let parsed: ReturnType<typeof parseTransaction> | null = null
      try {
        parsed = parseTransaction(raw as Hex)
      } catch {
        parsed = null
      }
      const value = parsed?.value === undefined ? undefined : `0x${parsed.value.toString(16)}`
      const fields = parsed ? transactionFields(parsed.to ?? undefined, value, parsed.data, [chainField, methodField], amount) : [chainField, methodField, { label: 'Transaction', value: 'not readable' }]
      return { title: 'Broadcast a signed transaction', fields, detail: { label: 'Raw transaction', text: raw } }
    }
    case 'wallet_sendCalls': {
      const [{ calls }] = request.params as [{ calls: { to: string; value?: string; data?: string }[] }]
      const fields = calls.flatMap((call, i) => [
        { label: `Call ${i + 1} to`, value: call.to },
        { label: `Call ${i + 1} value`, value: amount(call.value) },
        { label: `Call ${i + 1} data`, value: dataLength(call.data) },
      ])
      return { title: calls.length === 1 ? 'Send 1 call' : `Send ${calls.length} calls`, fields: [...fields, chainField, methodField], detail: { label: 'Calls', text: JSON.stringify(calls, null, 2) } }
    }
    default:
      return { title: TITLES[request.method] ?? `Approve ${request.method}`, fields: [methodField, chainField], detail: { label: 'Parameters', text: JSON.stringify('params' in request ? request.params ?? null : null, null, 2) } }
  }
}

const TITLES: Record<string, string> = {
  wallet_grantPermissions: 'Grant permissions',
  wallet_revokePermissions: 'Revoke permissions',
  solana_signMessage: 'Sign a message',
  solana_signTransaction: 'Sign a transaction',
  solana_signAllTransactions: 'Sign transactions',
  solana_signAndSendTransaction: 'Sign and send a transaction',
}

/** To, value, then chain and method, then only the data's length: the data itself is the summary's `detail`. */
function transactionFields(to: string | undefined, value: unknown, data: string | undefined, context: readonly SummaryField[], amount: (value: unknown) => string): SummaryField[] {
  return [{ label: 'To', value: to ?? 'New contract (deployment)' }, { label: 'Value', value: amount(value) }, ...context, { label: 'Data', value: dataLength(data) }]
}

function dataLength(data: string | undefined): string {
  const bytes = data && data.length > 2 ? (data.length - 2) / 2 : 0
  return bytes === 0 ? 'none' : `${bytes} byte${bytes === 1 ? '' : 's'}`
}

function dataDetail(data: string | undefined): RequestSummary['detail'] {
  return data && data.length > 2 ? { label: 'Data', text: data } : null
}

/** personal_sign messages are hex-encoded UTF-8: the text when it is printable, else null (show the bytes). */
function decodeText(value: string): string | null {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(value)) return value
  try {
    const bytes = new Uint8Array(value.slice(2).match(/../g)?.map((b) => parseInt(b, 16)) ?? [])
    const decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return /^[\P{C}\n\r\t]*$/u.test(decoded) ? decoded : null
  } catch {
    return null
  }
}

type Typed = { domain?: Record<string, unknown>; primaryType?: unknown; message?: unknown }

function parseTyped(data: string | Record<string, unknown>): Typed | null {
  try {
    const value = (typeof data === 'string' ? JSON.parse(data) : data) as unknown
    return value !== null && typeof value === 'object' ? (value as Typed) : null
  } catch {
    return null
  }
}
