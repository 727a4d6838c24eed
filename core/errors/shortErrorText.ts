/** Not in SPEC, our choice: the longest error text a toast shows (the whole text stays in the log). */
export const SHORT_ERROR_MAX_LENGTH = 160

/** SPEC 8: 'Frame error replies show their message or …', and the text shown when there is none. */
const NO_MESSAGE = 'An error occurred'

/** SPEC 8 texts whose wording for people is another one. */
const SPEC_WORDING: ReadonlyMap<string, string> = new Map([
  // 'Requested RPC call is not allowed' and UI message 'Action not allowed'.
  ['Requested RPC call is not allowed', 'Action not allowed'],
])

/**
 * An error as people should read it (a toast): viem's `shortMessage` when there is one, else the
 * first line of the message (viem puts the URL, request body, arguments and version on the lines
 * after it), without a leading `TypeError: ` or an ethers-style `(…, version=…)` dump, the SPEC 8
 * wording where one applies, at most SHORT_ERROR_MAX_LENGTH characters. Never throws.
 * @example shortErrorText('HTTP request failed.\n\nURL: http://127.0.0.1:8545\nRequest body: {…}\n\nVersion: viem@2.57.20') // 'HTTP request failed.'
 */
export function shortErrorText(error: unknown, fallback = NO_MESSAGE): string {
  // Cut first: the patterns below then never run over a huge line (a hostile wallet's message).
  const line = firstLine(textOf(error))
    .slice(0, 4 * SHORT_ERROR_MAX_LENGTH)
    .replace(/^[A-Za-z]*Error: +/, '')
    .replace(/ +\([^()]*\bversion=[^()]*\)$/, '')
    .trim()
  if (line === '') return fallback
  const text = SPEC_WORDING.get(line) ?? line
  if (text.length <= SHORT_ERROR_MAX_LENGTH) return text
  // Not between the two halves of a surrogate pair (an emoji would become a broken character).
  const end = /[\uD800-\uDBFF]/.test(text.charAt(SHORT_ERROR_MAX_LENGTH - 2)) ? SHORT_ERROR_MAX_LENGTH - 2 : SHORT_ERROR_MAX_LENGTH - 1
  return `${text.slice(0, end).trimEnd()}…`
}

function textOf(error: unknown): string {
  if (typeof error === 'string') return error
  if (error === null || typeof error !== 'object') return ''
  const { shortMessage, message } = error as { shortMessage?: unknown; message?: unknown }
  if (typeof shortMessage === 'string' && shortMessage.trim() !== '') return shortMessage
  return typeof message === 'string' ? message : ''
}

function firstLine(text: string): string {
  for (const line of text.split(/\r\n|\r|\n/)) {
    const trimmed = line.trim()
    if (trimmed !== '') return trimmed
  }
  return ''
}
