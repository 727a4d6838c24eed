import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { BaseError } from '../errors/BaseError.js'
import { createSiwxMessage, createSiwxTemplate, formatSiwxMessage } from './formatSiwxMessage.js'
import { parseSiwxMessage } from './parseSiwxMessage.js'
import type { SiwxMessageData } from './types.js'

const evm: SiwxMessageData = {
  domain: 'dapp.example',
  accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 'eip155:1',
  uri: 'https://dapp.example/login',
  version: '1',
  nonce: 'k3Xq9ZpA7wT2',
  issuedAt: '2026-01-01T00:00:00.000Z',
}

describe('formatSiwxMessage', () => {
  test('default: EIP-4361 text for eip155, statement and all optional fields in order', () => {
    const text = formatSiwxMessage({
      ...evm,
      statement: 'Sign in to Example.',
      expirationTime: '2026-01-02T00:00:00.000Z',
      notBefore: '2026-01-01T00:00:00Z',
      requestId: 'req-1',
      resources: ['https://dapp.example/terms', 'ipfs://bafy'],
    })
    expect(text).toBe(
      [
        'dapp.example wants you to sign in with your Ethereum account:',
        '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        '',
        'Sign in to Example.',
        '',
        'URI: https://dapp.example/login',
        'Version: 1',
        'Chain ID: 1',
        'Nonce: k3Xq9ZpA7wT2',
        'Issued At: 2026-01-01T00:00:00.000Z',
        'Expiration Time: 2026-01-02T00:00:00.000Z',
        'Not Before: 2026-01-01T00:00:00Z',
        'Request ID: req-1',
        'Resources:',
        '- https://dapp.example/terms',
        '- ipfs://bafy',
      ].join('\n'),
    )
  })

  test('behavior: no statement leaves two empty lines (EIP-4361 ABNF)', () => {
    expect(formatSiwxMessage(evm).split('\n').slice(0, 5)).toEqual(['dapp.example wants you to sign in with your Ethereum account:', evm.accountAddress, '', '', 'URI: https://dapp.example/login'])
  })

  test('parameters: CAIP-122 for solana and bip122 carries the whole CAIP-2 id', () => {
    const solana = formatSiwxMessage({ ...evm, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', accountAddress: 'GhYg3sDu2gC6h4vGnuF1sSbbyYoDQhXS7LoV9YXBrUjW' })
    expect(solana).toContain('wants you to sign in with your Solana account:')
    expect(solana).toContain('Chain ID: solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    const bitcoin = formatSiwxMessage({ ...evm, chainId: 'bip122:000000000019d6689c085ae165831e93', accountAddress: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l' })
    expect(bitcoin.split('\n')[0]).toBe('dapp.example wants you to sign in with your Bitcoin account:')
  })

  test('behavior: invalid fields throw before anything is signed', () => {
    const bad: Partial<Record<keyof SiwxMessageData, unknown>>[] = [
      { statement: 'line one\nURI: https://evil.example' },
      { statement: 'carriage\rreturn' },
      { statement: 'separator\u2028line' },
      { requestId: 'a\nb' },
      { resources: ['https://a.example\n- https://b.example'] },
      { domain: 'https://dapp.example' },
      { domain: 'evil.example/path' },
      { nonce: 'short' },
      { nonce: 'has-dashes-123' },
      { version: '2' },
      { issuedAt: '2026-02-30T00:00:00Z' },
      { expirationTime: 'tomorrow' },
      { chainId: 'cosmos:hub-4' },
      { accountAddress: 'not-an-address' },
      { statement: '' },
      { resources: [] },
    ]
    for (const fields of bad) expect(() => formatSiwxMessage({ ...evm, ...fields } as SiwxMessageData), JSON.stringify(fields)).toThrow('Invalid sign-in message')
  })

  test('behavior: the thrown error carries a stable code, the field-by-field details and the zod error as cause', () => {
    let thrown: unknown
    try {
      formatSiwxMessage({ ...evm, nonce: 'short', domain: 'a b' })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(BaseError)
    const error = thrown as BaseError
    expect(error.shortMessage).toBe('Invalid sign-in message')
    expect(error.code).toBe('invalid_message')
    expect(error.details).toBe('domain: must be a host, with an optional port; nonce: must be at least 8 letters or digits')
    expect(error.cause).toBeInstanceOf(z.ZodError)
  })

  test('behavior: a template has no account, even when the fields name one', () => {
    const template = createSiwxTemplate(evm)
    expect(template.accountAddress).toBe('')
    expect(template.chainId).toBe(evm.chainId)
  })

  test('behavior: createSiwxMessage keeps the fields and formats once; a template has no text', () => {
    const message = createSiwxMessage({ ...evm, toString: () => 'ignored' } as SiwxMessageData)
    expect(message.toString()).toBe(formatSiwxMessage(evm))
    expect(JSON.parse(JSON.stringify(message))).toEqual(evm)
    const template = createSiwxTemplate({ ...evm, accountAddress: '' })
    expect(template.nonce).toBe(evm.nonce)
    expect(() => template.toString()).toThrow(/no account/)
    expect(() => createSiwxTemplate({ ...evm, accountAddress: '', domain: 'a b' })).toThrow('Invalid sign-in message')
  })
})

const alnum = fc.stringMatching(/^[A-Za-z0-9]{8,32}$/)
const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/)
const domain = fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined })).map(([labels, port]) => `${labels.join('.')}${port === undefined ? '' : `:${port}`}`)
const uri = fc.webUrl({ withQueryParameters: true, withFragments: true })
const time = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString())
/** A printable line: any text without line breaks or control characters. */
const line = fc.string({ minLength: 1, maxLength: 80, unit: 'grapheme' }).filter((s) => !/[\u0000-\u001f\u007f\u0085\u2028\u2029]/.test(s))
const chainAndAddress = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 2 ** 40 }), fc.stringMatching(/^0x[0-9a-fA-F]{40}$/)).map(([id, a]) => ({ chainId: `eip155:${id}` as const, accountAddress: a })),
  fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/).map((a) => ({ chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const, accountAddress: a })),
  fc.constantFrom('bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l', '1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV').map((a) => ({ chainId: 'bip122:000000000019d6689c085ae165831e93' as const, accountAddress: a })),
)
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })
const message: fc.Arbitrary<SiwxMessageData> = fc
  .record({
    where: chainAndAddress,
    domain,
    uri,
    nonce: alnum,
    issuedAt: optional(time),
    expirationTime: optional(time),
    notBefore: optional(time),
    requestId: optional(line),
    statement: optional(line),
    resources: optional(fc.array(uri, { minLength: 1, maxLength: 3 })),
  })
  .map(({ where, ...rest }) => {
    const data: Record<string, unknown> = { ...where, version: '1' }
    for (const [key, value] of Object.entries(rest)) if (value !== undefined) data[key] = value
    return data as unknown as SiwxMessageData
  })

describe('property: format and parse', () => {
  test('behavior: parse(format(m)) deep-equals m', () => {
    fc.assert(
      fc.property(message, (m) => {
        const parsed = parseSiwxMessage(formatSiwxMessage(m))
        expect(parsed).toEqual({ ok: true, data: m })
      }),
      { numRuns: 400 },
    )
  })

  test('behavior: a line break in any text field is rejected before signing', () => {
    const breaks = fc.constantFrom('\n', '\r', '\r\n', '\u2028', '\u2029', '\u0085', '\u000b')
    const field = fc.constantFrom('statement', 'requestId', 'uri', 'domain', 'nonce', 'issuedAt', 'accountAddress')
    fc.assert(
      fc.property(message, field, breaks, fc.nat(), (m, key, br, at) => {
        const value = String((m as unknown as Record<string, unknown>)[key] ?? 'x')
        const cut = at % (value.length + 1)
        const bad = { ...m, [key]: `${value.slice(0, cut)}${br}${value.slice(cut)}` }
        expect(() => formatSiwxMessage(bad)).toThrow('Invalid sign-in message')
      }),
      { numRuns: 300 },
    )
  })

  test('behavior: parse never throws on any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), message.map((m) => formatSiwxMessage(m)).chain((text) => fc.nat(text.length).map((n) => text.slice(0, n)))), (text) => {
        const result = parseSiwxMessage(text)
        expect(typeof result.ok).toBe('boolean')
      }),
      { numRuns: 500 },
    )
    expect(parseSiwxMessage(42).ok).toBe(false)
    expect(parseSiwxMessage('x'.repeat(20_000))).toEqual({ ok: false, reason: 'message is too long' })
  })

  test('behavior: parse is strict about structure (trailing lines, CRLF, a bare Chain ID in CAIP-122)', () => {
    const text = formatSiwxMessage(evm)
    expect(parseSiwxMessage(`${text}\n`).ok).toBe(false)
    expect(parseSiwxMessage(text.replace(/\n/g, '\r\n')).ok).toBe(false)
    expect(parseSiwxMessage(text.replace('Chain ID: 1', 'Chain ID: eip155:1')).ok).toBe(false)
    const solana = formatSiwxMessage({ ...evm, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', accountAddress: 'GhYg3sDu2gC6h4vGnuF1sSbbyYoDQhXS7LoV9YXBrUjW' })
    expect(parseSiwxMessage(solana.replace('Chain ID: solana:', 'Chain ID: ')).ok).toBe(false)
    expect(parseSiwxMessage(text.replace('Nonce: k3Xq9ZpA7wT2\n', '')).ok).toBe(false)
  })
})
