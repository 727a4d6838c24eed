import { ed25519 } from '@noble/curves/ed25519'
import { sha256 } from '@noble/hashes/sha2'
import bs58 from 'bs58'
import { BaseError } from '../../errors/BaseError.js'
import { solanaKeyBytes } from './solanaMessage.js'

/** The SPL Token program. */
export const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
/** The SPL Token-2022 program (same instructions for plain transfers). */
export const TOKEN_2022_PROGRAM_ID = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
/** The Associated Token Account program. */
export const ASSOCIATED_TOKEN_PROGRAM_ID = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'

const PDA_MARKER = new TextEncoder().encode('ProgramDerivedAddress')

/** True when the 32 bytes are a point of the ed25519 curve (a key someone may hold). */
function onCurve(bytes: Uint8Array): boolean {
  try {
    ed25519.ExtendedPoint.fromHex(bytes)
    return true
  } catch {
    return false
  }
}

/**
 * A program derived address (the runtime's `find_program_address`): sha256 of the seeds, a bump
 * byte from 255 down, the program id and "ProgramDerivedAddress", the first that is off the curve,
 * so no private key can sign for it.
 * @example findProgramAddress([owner, program, mint], ASSOCIATED_TOKEN_PROGRAM_ID) // ['…', 254]
 */
export function findProgramAddress(seeds: readonly Uint8Array[], programId: string): [string, number] {
  const program = solanaKeyBytes(programId)
  for (let bump = 255; bump >= 0; bump--) {
    const hash = sha256(Uint8Array.from([...seeds.flatMap((seed) => [...seed]), bump, ...program, ...PDA_MARKER]))
    if (!onCurve(hash)) return [bs58.encode(hash), bump]
  }
  throw new BaseError('No program address for these seeds')
}

/**
 * The associated token account of `owner` for `mint` (what wallets hold SPL tokens in).
 * @example associatedTokenAddress(owner, mint) // the ATA under the SPL Token program
 */
export function associatedTokenAddress(owner: string, mint: string, tokenProgram: string = TOKEN_PROGRAM_ID): string {
  return findProgramAddress([solanaKeyBytes(owner), solanaKeyBytes(tokenProgram), solanaKeyBytes(mint)], ASSOCIATED_TOKEN_PROGRAM_ID)[0]
}
