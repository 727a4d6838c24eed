import { describe, expect, test } from 'vitest'
import { formatMessage } from './formatMessage.js'

describe('formatMessage', () => {
  test('default: text without arguments comes back as it is', () => {
    expect(formatMessage('Connect Wallet')).toBe('Connect Wallet')
    expect(formatMessage("Haven't got a wallet? # 1")).toBe("Haven't got a wallet? # 1")
  })

  test('behavior: {name} takes its value; numbers are formatted for the locale', () => {
    expect(formatMessage('Network: {network}', { network: 'Base' })).toBe('Network: Base')
    expect(formatMessage('{a} and {b}', { a: 'x', b: 'y' })).toBe('x and y')
    expect(formatMessage('{n} left', { n: 12345.5 }, 'en')).toBe('12,345.5 left')
    expect(formatMessage('{n} left', { n: 12345.5 }, 'es')).toBe('12.345,5 left')
  })

  test('behavior: plural picks =n, then the locale category, then other; # is the number', () => {
    const wallets = '{count, plural, =0 {No wallets} one {# wallet} other {# wallets}}'
    expect(formatMessage(wallets, { count: 0 })).toBe('No wallets')
    expect(formatMessage(wallets, { count: 1 })).toBe('1 wallet')
    expect(formatMessage(wallets, { count: 2 })).toBe('2 wallets')
    expect(formatMessage(wallets, { count: 1000 })).toBe('1,000 wallets')
    // =1 wins over one, whichever comes first.
    expect(formatMessage('{n, plural, one {one} =1 {exactly one} other {many}}', { n: 1 })).toBe('exactly one')
    // Arabic has a `two` category; Japanese only `other`.
    const ar = '{n, plural, zero {لا شيء} one {واحد} two {اثنان} few {# قليلة} many {# كثيرة} other {#}}'
    expect(formatMessage(ar, { n: 2 }, 'ar')).toBe('اثنان')
    expect(formatMessage(ar, { n: 5 }, 'ar')).toBe(`${new Intl.NumberFormat('ar').format(5)} قليلة`)
    expect(formatMessage('{n, plural, other {# 個}}', { n: 3 }, 'ja')).toBe('3 個')
  })

  test('behavior: branches name other values and the text around the plural stays', () => {
    const message = 'Sent {count, plural, one {# token to {who}} other {# tokens to {who}}} today'
    expect(formatMessage(message, { count: 2, who: 'vitalik.eth' })).toBe('Sent 2 tokens to vitalik.eth today')
  })

  test('edge: a missing value stays as written; a non-number plural takes other; broken text never throws', () => {
    expect(formatMessage('Hello {name}', {})).toBe('Hello {name}')
    expect(formatMessage('{n, plural, one {one} other {other}}', { n: 'x' })).toBe('other')
    expect(formatMessage('{n, plural, one {one} other {other}}', {})).toBe('other')
    for (const broken of ['{', '}', '{n, plural,', '{n, plural, one {x', '{n, plural, one', 'a {b', '{n, plural, other {#}} }']) {
      expect(() => formatMessage(broken, { n: 1 })).not.toThrow()
    }
    expect(formatMessage('a {b', { b: 'B' })).toBe('a {b')
  })

  test('edge: an invalid locale falls back to plain numbers', () => {
    expect(formatMessage('{n}', { n: 5 }, 'not a locale!')).toBe('5')
  })
})
