import bs58 from 'bs58'
import { BaseError } from '../../errors/BaseError.js'

/** One account an instruction names, with what the runtime must allow it (sign, write). */
export interface SolanaAccountMeta {
  readonly address: string
  readonly signer: boolean
  readonly writable: boolean
}

/** One instruction: the program to run, the accounts it reads or writes, its data. */
export interface SolanaInstruction {
  readonly programId: string
  readonly accounts: readonly SolanaAccountMeta[]
  readonly data: Uint8Array
}

/** The System Program's id (32 zero bytes in base58). */
export const SYSTEM_PROGRAM_ID = '11111111111111111111111111111111'

/**
 * The 32 bytes of a base58 Solana key, or a BaseError naming what was wrong.
 * @example solanaKeyBytes(SYSTEM_PROGRAM_ID) // Uint8Array(32) of zeros
 */
export function solanaKeyBytes(address: string, what = 'Invalid Solana address'): Uint8Array {
  let bytes: Uint8Array
  try {
    bytes = bs58.decode(address)
  } catch {
    throw new BaseError(what, { details: address.slice(0, 64) })
  }
  if (bytes.length !== 32) throw new BaseError(what, { details: address.slice(0, 64) })
  return bytes
}

/** Solana's compact-u16 length prefix (1 to 3 bytes). */
function compactU16(value: number): number[] {
  const out: number[] = []
  let rest = value
  for (;;) {
    const low = rest & 0x7f
    rest >>= 7
    if (rest === 0) return [...out, low]
    out.push(low | 0x80)
  }
}

/**
 * The bytes of a legacy Solana message (the runtime's wire format): header, account keys,
 * recent blockhash, instructions. Keys are ordered as @solana/web3.js's `TransactionMessage`
 * compiles them, so the same instructions give the same bytes: the fee payer first, then
 * writable signers, read-only signers, writable and read-only others, each group in the order the
 * instructions first name them (a program before its accounts); a key named twice keeps the
 * strongest flags.
 * @example compileLegacyMessage({ payer, blockhash, instructions: [transferInstruction] })
 */
export function compileLegacyMessage({ payer, blockhash, instructions }: { payer: string; blockhash: string; instructions: readonly SolanaInstruction[] }): Uint8Array {
  const metas = new Map<string, { signer: boolean; writable: boolean }>()
  const note = (address: string, signer: boolean, writable: boolean) => {
    const known = metas.get(address)
    metas.set(address, { signer: signer || (known?.signer ?? false), writable: writable || (known?.writable ?? false) })
  }
  note(payer, true, true)
  for (const instruction of instructions) {
    note(instruction.programId, false, false)
    for (const account of instruction.accounts) note(account.address, account.signer, account.writable)
  }
  const entries = [...metas]
  const group = (signer: boolean, writable: boolean) => entries.filter(([, meta]) => meta.signer === signer && meta.writable === writable).map(([address]) => address)
  const signedWritable = group(true, true)
  const signedReadOnly = group(true, false)
  const unsignedReadOnly = group(false, false)
  const keys = [...signedWritable, ...signedReadOnly, ...group(false, true), ...unsignedReadOnly]
  if (keys.length > 255) throw new BaseError('Too many accounts in one transaction')
  const index = new Map(keys.map((key, i) => [key, i]))
  const hash = solanaKeyBytes(blockhash, 'Invalid blockhash')
  const bytes: number[] = [signedWritable.length + signedReadOnly.length, signedReadOnly.length, unsignedReadOnly.length, ...compactU16(keys.length)]
  for (const key of keys) bytes.push(...solanaKeyBytes(key))
  bytes.push(...hash, ...compactU16(instructions.length))
  for (const instruction of instructions) {
    bytes.push(index.get(instruction.programId)!, ...compactU16(instruction.accounts.length), ...instruction.accounts.map((a) => index.get(a.address)!), ...compactU16(instruction.data.length), ...instruction.data)
  }
  return Uint8Array.from(bytes)
}

/**
 * An unsigned transaction for `message` as base64 (what `solana_signAndSendTransaction` takes):
 * one empty signature slot per required signer, filled by the wallet.
 * @example unsignedTransaction(compileLegacyMessage({ … }))
 */
export function unsignedTransaction(message: Uint8Array): string {
  const signers = message[0] ?? 0
  return toBase64(Uint8Array.from([...compactU16(signers), ...new Uint8Array(64 * signers), ...message]))
}

/** Base64 without Node's Buffer (this runs in the page). */
export function toBase64(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text)
}
