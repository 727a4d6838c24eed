import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { avatarColorFromAddress, formatAddress, isHttpUrl, isSignedMessage, isTxHash } from './format.js'
import { isSafeOpenUrl } from './isSafeOpenUrl.js'

const anyValue = fc.oneof(fc.anything(), fc.string({ unit: 'binary' }), fc.webUrl())
const EVM = '0x1234567890abcdef1234567890abcdef12345678'

describe('isTxHash / isSignedMessage', () => {
  test('default', () => {
    expect(isTxHash(`0x${'a'.repeat(64)}`)).toBe(true)
    expect(isTxHash(`0x${'A'.repeat(64)}`)).toBe(true)
    expect(isSignedMessage(`0x${'ab'.repeat(65)}`)).toBe(true)
    expect(isSignedMessage(`0x${'a'.repeat(62)}`)).toBe(true)
  })

  test.each([`0x${'a'.repeat(63)}`, `0x${'a'.repeat(65)}`, 'a'.repeat(66), `0x${'g'.repeat(64)}`, `0X${'a'.repeat(64)}`])(
    'behavior: isTxHash rejects %s',
    (value) => {
      expect(isTxHash(value)).toBe(false)
    },
  )

  test('behavior: isSignedMessage needs at least 62 hex characters', () => {
    expect(isSignedMessage(`0x${'a'.repeat(61)}`)).toBe(false)
    expect(isSignedMessage(`0x${'a'.repeat(62)}z`)).toBe(false)
    expect(isSignedMessage('a'.repeat(64))).toBe(false)
  })
})

describe('isHttpUrl', () => {
  test('default', () => {
    expect(isHttpUrl('https://example.com')).toBe(true)
    expect(isHttpUrl('http://127.0.0.1:8545')).toBe(true)
  })

  test.each(['ftp://example.com', 'HTTPS://example.com', 'javascript:alert(1)', ' https://example.com', 'example.com'])(
    'behavior: rejects %s',
    (value) => {
      expect(isHttpUrl(value)).toBe(false)
    },
  )
})

describe('isSafeOpenUrl', () => {
  test('default', () => {
    expect(isSafeOpenUrl('https://etherscan.io/tx/0x1')).toBe(true)
    expect(isSafeOpenUrl('HTTPS://Example.com/path')).toBe(true)
  })

  test.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'http://example.com',
    'http://localhost:3000',
    'wss://relay.example',
    'https://bank.example@evil.example',
    'https://user:pass@example.com',
    'not a url',
    '',
  ])('behavior: rejects %s', (value) => {
    expect(isSafeOpenUrl(value)).toBe(false)
  })

  test('behavior: allowLocalhostHttp allows http only on localhost and 127.0.0.1', () => {
    const options = { allowLocalhostHttp: true }
    expect(isSafeOpenUrl('http://localhost:3000/x', options)).toBe(true)
    expect(isSafeOpenUrl('http://127.0.0.1:8545', options)).toBe(true)
    expect(isSafeOpenUrl('http://localhost.evil.example', options)).toBe(false)
    expect(isSafeOpenUrl('http://127.0.0.1.evil.example', options)).toBe(false)
    expect(isSafeOpenUrl('http://example.com', options)).toBe(false)
    expect(isSafeOpenUrl('javascript:alert(1)', options)).toBe(false)
  })

  test('property: true only for https (or http on a local host)', () => {
    fc.assert(
      fc.property(anyValue, fc.boolean(), (value, allowLocalhostHttp) => {
        const safe = isSafeOpenUrl(value, { allowLocalhostHttp })
        if (safe) {
          const protocol = new URL(value as string).protocol
          expect(protocol === 'https:' || (allowLocalhostHttp && protocol === 'http:')).toBe(true)
        }
      }),
    )
  })
})

describe('formatAddress', () => {
  test('default', () => {
    expect(formatAddress(EVM)).toBe('0x12…345678')
  })

  test('behavior: short values come back unchanged', () => {
    expect(formatAddress('0x12345678')).toBe('0x12345678')
    expect(formatAddress('0x123456789')).toBe('0x123456789')
    expect(formatAddress('')).toBe('')
  })

  test('behavior: custom head and tail, including zero', () => {
    expect(formatAddress(EVM, 6, 4)).toBe('0x1234…5678')
    expect(formatAddress(EVM, 4, 0)).toBe('0x12…')
    expect(formatAddress(EVM, 0, 4)).toBe('…5678')
    expect(formatAddress(EVM, -3, NaN)).toBe('…')
  })

  test('property: result is the input or head + … + tail, never longer', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii' }), fc.nat(12), fc.nat(12), (value, head, tail) => {
        const result = formatAddress(value, head, tail)
        expect(result.length).toBeLessThanOrEqual(value.length)
        if (result !== value) {
          expect(result).toBe(`${value.slice(0, head)}…${tail === 0 ? '' : value.slice(-tail)}`)
        }
      }),
    )
  })
})

describe('avatarColorFromAddress', () => {
  test('default', () => {
    expect(avatarColorFromAddress('0xABCDEF0000000000000000000000000000000000')).toBe('#abcdef')
    expect(avatarColorFromAddress(EVM)).toBe('#123456')
  })

  test.each(['', '0x12345', 'abcdef1234', '11111111111111111111111111111111', '0xZZZZZZ', null, 42])(
    'behavior: falls back to grey for %j',
    (value) => {
      expect(avatarColorFromAddress(value)).toBe('#888888')
    },
  )

  test('property: always a lowercase #rrggbb', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        expect(avatarColorFromAddress(value)).toMatch(/^#[0-9a-f]{6}$/)
      }),
    )
  })
})

describe('never throws', () => {
  test('property: every is* function returns a boolean for any value', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        for (const result of [isTxHash(value), isSignedMessage(value), isHttpUrl(value), isSafeOpenUrl(value)]) {
          expect(typeof result).toBe('boolean')
        }
        expect(typeof formatAddress(value as string)).toBe('string')
      }),
    )
  })
})
