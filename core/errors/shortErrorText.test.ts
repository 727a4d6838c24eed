import fc from 'fast-check'
import { HttpRequestError, TransactionExecutionError, UserRejectedRequestError } from 'viem'
import { describe, expect, test } from 'vitest'
import { SHORT_ERROR_MAX_LENGTH, shortErrorText } from './shortErrorText.js'

const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
/** What viem throws for a send while the chain's RPC is down (issue 21, fault 1e). */
const viemSendFailure = () =>
  new TransactionExecutionError(
    new HttpRequestError({ url: 'http://127.0.0.1:8545', body: { method: 'eth_getTransactionCount', params: [ADDRESS, 'pending'] }, details: 'Failed to fetch' }),
    { account: { address: ADDRESS, type: 'json-rpc' }, to: ADDRESS, value: 10n ** 16n } as never,
  )

describe('shortErrorText', () => {
  test('default: viem\'s error, or only its text (as the frame sends it): the short message, none of the dump', () => {
    const error = viemSendFailure()
    expect(error.message).toContain('Version: viem@')
    expect(shortErrorText(error)).toBe('HTTP request failed.')
    expect(shortErrorText(error.message)).toBe('HTTP request failed.')
    expect(shortErrorText({ message: error.message, code: -32603 })).toBe('HTTP request failed.')
    expect(shortErrorText(new UserRejectedRequestError(new Error('denied')))).toBe('User rejected the request.')
  })

  test('behavior: the first line, without a leading "TypeError: " or an ethers-style (…, version=…) dump', () => {
    expect(shortErrorText('\n\n  Insufficient funds  \nDetails: …')).toBe('Insufficient funds')
    expect(shortErrorText(new TypeError('Failed to fetch'))).toBe('Failed to fetch')
    expect(shortErrorText('TypeError: Failed to fetch')).toBe('Failed to fetch')
    expect(shortErrorText('insufficient funds for intrinsic transaction cost (transaction="0x02f8", info={ "error": { "code": -32000 } }, code=INSUFFICIENT_FUNDS, version=6.13.5)')).toBe('insufficient funds for intrinsic transaction cost')
    // Parentheses that are part of the sentence stay.
    expect(shortErrorText('The total cost (gas * gas fee + value) of executing this transaction exceeds the balance of the account.')).toBe('The total cost (gas * gas fee + value) of executing this transaction exceeds the balance of the account.')
  })

  test('behavior: capped with an ellipsis', () => {
    const text = shortErrorText(`execution reverted: ${'x'.repeat(500)}`)
    expect(text).toHaveLength(SHORT_ERROR_MAX_LENGTH)
    expect(text.endsWith('…')).toBe(true)
    // Never half an emoji.
    const emoji = shortErrorText(`${'x'.repeat(SHORT_ERROR_MAX_LENGTH - 2)}🦊🦊🦊`)
    expect(emoji).toBe(`${'x'.repeat(SHORT_ERROR_MAX_LENGTH - 2)}…`)
  })

  test('behavior: SPEC 8 wording: no message reads "An error occurred"; a disallowed call reads "Action not allowed"', () => {
    for (const empty of ['', '  \n ', null, undefined, 42, {}, { message: '' }, { shortMessage: ' ', message: '\n' }]) expect(shortErrorText(empty)).toBe('An error occurred')
    expect(shortErrorText('', '')).toBe('')
    expect(shortErrorText({ message: 'Requested RPC call is not allowed', code: 4001 })).toBe('Action not allowed')
    // Names of Object.prototype are text like any other.
    expect(shortErrorText('constructor')).toBe('constructor')
  })

  test('property: never throws; one line of at most the cap, never empty', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme', maxLength: 2_000 }), fc.record({ message: fc.string(), shortMessage: fc.option(fc.string()) }), fc.anything()), (input) => {
        const text = shortErrorText(input)
        expect(text.length).toBeGreaterThan(0)
        expect(text.length).toBeLessThanOrEqual(SHORT_ERROR_MAX_LENGTH)
        expect(text).not.toMatch(/[\r\n]/)
      }),
    )
  })

  test('behavior: a huge one-line message (a hostile wallet) stays fast', () => {
    const huge = `${' '.repeat(200_000)}(${'version='.repeat(50_000)}`
    const started = performance.now()
    expect(shortErrorText(huge).length).toBeLessThanOrEqual(SHORT_ERROR_MAX_LENGTH)
    expect(performance.now() - started).toBeLessThan(100)
  })
})
