import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { scrubText } from './scrubText.js'

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

  test('property: never throws; an email inside any text never survives', () => {
    fc.assert(
      fc.property(fc.string(), fc.emailAddress(), fc.string(), (head, email, tail) => {
        expect(scrubText(`${head} ${email} ${tail}`, 100_000)).not.toContain(email)
      }),
    )
  })
})
