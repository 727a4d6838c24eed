import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { anyAddress } from '../tests/support/addressArbitraries.js'
import { MAX_MESSAGE_CHARS, scrubText } from './scrubText.js'

describe('scrubText', () => {
  test('default', () => {
    expect(scrubText('User rejected the request.')).toBe('User rejected the request.')
  })

  test('behavior: emails, otps, tokens and signatures are removed', () => {
    expect(scrubText('Invalid email a@b.c, try again')).toBe('Invalid email [email], try again')
    expect(scrubText('otp: 123456 rejected')).toBe('otp: [redacted] rejected')
    expect(scrubText('{"token":"abc.def"}')).toBe('{"token":"[redacted]"}')
    expect(scrubText('request failed, bearer abc123')).toBe('request failed, bearer [redacted]')
    expect(scrubText('Authorization: Bearer abc123')).not.toContain('abc123')
    expect(scrubText('jwt eyJhbGciOi.eyJzdWIi.c2ln expired')).toBe('jwt [redacted] expired')
    expect(scrubText(`bad sig 0x${'ab'.repeat(65)}`)).toBe('bad sig [redacted]')
  })

  test('behavior: addresses are replaced (they belong in connect events only)', () => {
    expect(scrubText(`No balance for 0x${'1'.repeat(40)}`)).toBe('No balance for [address]')
  })

  test('behavior: 32-byte hex (a private key, a transaction hash) is removed, not only 65-byte signatures', () => {
    // 64 hex digits is the shortest secret: a rule narrowed to signatures would let keys through.
    expect(scrubText(`key 0x${'ab'.repeat(32)} leaked`)).toBe('key [redacted] leaked')
    expect(scrubText(`tx 0x${'AB'.repeat(32)} reverted`)).toBe('tx [redacted] reverted')
    // A 20-byte address is an address, 32 bytes are never taken for one.
    expect(scrubText(`from 0x${'Cd'.repeat(20)} hash 0x${'0f'.repeat(32)}`)).toBe('from [address] hash [redacted]')
  })

  test('behavior: Solana and Bitcoin addresses are replaced too (issue L-8)', () => {
    expect(scrubText('sol 9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin failed')).toBe('sol [address] failed')
    expect(scrubText('to bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq, change tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe('to [address], change [address]')
    expect(scrubText('regtest bcrt1qqurswpc8qurswpc8qurswpc8qurswpc8dxm0gk, BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ')).toBe('regtest [address], [address]')
    expect(scrubText('p2pkh 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2 p2sh 3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe('p2pkh [address] p2sh [address]')
    expect(scrubText('caip solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')).toBe('caip solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:[address]')
    // A base58 run longer than an address is a signature or a secret key.
    expect(scrubText(`sig ${'5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'}`)).toBe('sig [redacted]')
    // Not addresses: short ids, chunk names, versions, a network id.
    for (const text of ['at https://dapp.example/assets/index-BkXy3f8Q.js:12:345', 'Unsupported network solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'rxjs@7.8.2', 'User rejected the request.']) {
      expect(scrubText(text)).toBe(text)
    }
  })

  test('behavior: urls keep origin, path and line:col only', () => {
    expect(scrubText('at f (https://dapp.example/app.js?session=s3cret#x:10:5)')).toBe('at f (https://dapp.example/app.js:10:5)')
    expect(scrubText('GET https://api.example/v1?email=a%40b.c failed')).toBe('GET https://api.example/v1 failed')
  })

  test('behavior: package versions in stack paths survive', () => {
    expect(scrubText('at node_modules/rxjs@7.8.2/dist/index.js')).toBe('at node_modules/rxjs@7.8.2/dist/index.js')
  })

  test('parameters: maxChars', () => {
    expect(scrubText('abcdef', 4)).toBe('abc…')
  })

  test('edge: text of exactly maxChars is kept whole; one more is cut to maxChars with the ellipsis', () => {
    expect(scrubText('abcd', 4)).toBe('abcd')
    expect(scrubText('abcde', 4)).toBe('abc…')
    // The default limit (MAX_MESSAGE_CHARS, 1 000) has the same boundary.
    const prose = 'the request was rejected. '.repeat(60)
    expect(scrubText(prose.slice(0, MAX_MESSAGE_CHARS))).toBe(prose.slice(0, MAX_MESSAGE_CHARS))
    expect(scrubText(prose.slice(0, MAX_MESSAGE_CHARS + 1))).toBe(`${prose.slice(0, MAX_MESSAGE_CHARS - 1)}…`)
  })

  test('property: an EVM, Solana or Bitcoin address inside any text never survives; scrubbing is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), anyAddress, fc.string(), (head, address, tail) => {
        const once = scrubText(`${head} ${address} ${tail}`, 100_000)
        expect(once).not.toContain(address)
        expect(scrubText(once, 100_000)).toBe(once)
      }),
    )
  })

  test('property: never throws; an email inside any text never survives', () => {
    fc.assert(
      fc.property(fc.string(), fc.emailAddress(), fc.string(), (head, email, tail) => {
        expect(scrubText(`${head} ${email} ${tail}`, 100_000)).not.toContain(email)
      }),
    )
  })
})
