import { scrubSecrets } from '../core/errors/scrubSecrets.js'

/** Longest error message and stack trace telemetry sends, so one event stays small. */
export const MAX_MESSAGE_CHARS = 1_000
export const MAX_STACK_CHARS = 4_000

/**
 * Removes emails, tokens, signatures, OTPs, EVM/Solana/Bitcoin addresses and URL queries from
 * free text, and caps its length. The rules are the event log's (`core/errors/scrubSecrets.ts`).
 * @example scrubText('Invalid email a@b.c', 100) // 'Invalid email [email]'
 */
export function scrubText(text: string, maxChars: number = MAX_MESSAGE_CHARS): string {
  const out = scrubSecrets(text)
  return out.length > maxChars ? `${out.slice(0, maxChars - 1)}…` : out
}
