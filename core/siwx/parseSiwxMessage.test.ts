import { describe, expect, test } from 'vitest'
import { formatSiwxMessage } from './formatSiwxMessage.js'
import { MAX_SIWX_MESSAGE_LENGTH, parseSiwxMessage } from './parseSiwxMessage.js'
import type { SiwxMessageData } from './types.js'

const HEADER_RULE = 'the first line must be "<domain> wants you to sign in with your <chain> account:"'

const evm: SiwxMessageData = {
  domain: 'dapp.example',
  accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 'eip155:1',
  uri: 'https://dapp.example/login',
  version: '1',
  nonce: 'k3Xq9ZpA7wT2',
}
const solana: SiwxMessageData = { ...evm, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', accountAddress: 'GhYg3sDu2gC6h4vGnuF1sSbbyYoDQhXS7LoV9YXBrUjW' }
const bitcoin: SiwxMessageData = { ...evm, chainId: 'bip122:000000000019d6689c085ae165831e93', accountAddress: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l' }

/** The lines of the minimal EIP-4361 message (no statement, no optional field), written out. */
const EVM_LINES = [
  'dapp.example wants you to sign in with your Ethereum account:',
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '',
  '',
  'URI: https://dapp.example/login',
  'Version: 1',
  'Chain ID: 1',
  'Nonce: k3Xq9ZpA7wT2',
]
/** The minimal message with line `at` replaced by `replacement` (an empty array drops it). */
const edit = (at: number, ...replacement: string[]) => [...EVM_LINES.slice(0, at), ...replacement, ...EVM_LINES.slice(at + 1)].join('\n')

describe('parseSiwxMessage: accepted text', () => {
  test('default: the minimal EIP-4361 message gives exactly its fields, no optional key at all', () => {
    // toStrictEqual: an absent optional field must not come back as a key holding undefined.
    expect(parseSiwxMessage(EVM_LINES.join('\n'))).toStrictEqual({ ok: true, data: evm })
  })

  test('behavior: every field, in order, comes back', () => {
    const full: SiwxMessageData = {
      ...evm,
      statement: 'Sign in to Example.',
      issuedAt: '2026-01-01T00:00:00.000Z',
      expirationTime: '2026-01-02T00:00:00Z',
      notBefore: '2026-01-01T00:00:00+01:00',
      requestId: 'req-1',
      resources: ['https://dapp.example/terms', 'ipfs://bafy'],
    }
    expect(parseSiwxMessage(formatSiwxMessage(full))).toStrictEqual({ ok: true, data: full })
  })

  test('parameters: CAIP-122 (solana, bip122) carries the whole CAIP-2 id back', () => {
    expect(parseSiwxMessage(formatSiwxMessage(solana))).toStrictEqual({ ok: true, data: solana })
    expect(parseSiwxMessage(formatSiwxMessage(bitcoin))).toStrictEqual({ ok: true, data: bitcoin })
  })

  test('parameters: a long EVM chain id (16 digits) is a chain id', () => {
    const text = edit(6, 'Chain ID: 1234567890123456')
    expect(parseSiwxMessage(text)).toStrictEqual({ ok: true, data: { ...evm, chainId: 'eip155:1234567890123456' } })
  })
})

describe('parseSiwxMessage: refused text, each with its reason', () => {
  test.each([42, null, undefined, {}, ['dapp.example wants you to sign in with your Ethereum account:']])('behavior: a non-string (%j) is refused as such', (input) => {
    expect(parseSiwxMessage(input)).toEqual({ ok: false, reason: 'message must be a string' })
  })

  test('behavior: the length cap is inclusive: a valid message of exactly MAX_SIWX_MESSAGE_LENGTH parses, one more character is too long', () => {
    // Pad a valid message with long resources (at most 2,048 characters each) until it is exactly at the cap.
    const prefix = 'https://dapp.example/'
    const resources: string[] = []
    let length = formatSiwxMessage(evm).length + '\nResources:'.length
    while (length < MAX_SIWX_MESSAGE_LENGTH) {
      const room = MAX_SIWX_MESSAGE_LENGTH - length - '\n- '.length - prefix.length
      const resource = prefix + 'a'.repeat(Math.min(2000, room))
      resources.push(resource)
      length += '\n- '.length + resource.length
    }
    const atCap = { ...evm, resources }
    const text = formatSiwxMessage(atCap)
    expect(text.length).toBe(MAX_SIWX_MESSAGE_LENGTH)
    expect(parseSiwxMessage(text)).toStrictEqual({ ok: true, data: atCap })
    expect(parseSiwxMessage(`${text}a`)).toEqual({ ok: false, reason: 'message is too long' })
  })

  test.each([
    ['an empty text', ''],
    ['a chain word no namespace has', edit(0, 'dapp.example wants you to sign in with your Cosmos account:')],
    ['a lowercase chain word', edit(0, 'dapp.example wants you to sign in with your ethereum account:')],
    ['no colon at the end', edit(0, 'dapp.example wants you to sign in with your Ethereum account')],
    ['other words', edit(0, 'dapp.example asks you to sign in with your Ethereum account:')],
    ['no domain', edit(0, ' wants you to sign in with your Ethereum account:')],
    ['an empty line before the header', ['', ...EVM_LINES].join('\n')],
  ])('behavior: a header line with %s is refused', (_, text) => {
    expect(parseSiwxMessage(text)).toEqual({ ok: false, reason: HEADER_RULE })
  })

  test.each([
    ['a non-empty line after the address', edit(2, 'x')],
    ['nothing after the address', EVM_LINES.slice(0, 2).join('\n')],
  ])('behavior: %s is refused', (_, text) => {
    expect(parseSiwxMessage(text)).toEqual({ ok: false, reason: 'an empty line must follow the address' })
  })

  test('behavior: a statement must be followed by an empty line', () => {
    // [header, address, '', statement, 'URI: …'] – the empty line after the statement is missing.
    expect(parseSiwxMessage(edit(3, 'Sign in to Example.'))).toEqual({ ok: false, reason: 'an empty line must follow the statement' })
    expect(parseSiwxMessage([...EVM_LINES.slice(0, 3), 'Sign in to Example.'].join('\n'))).toEqual({ ok: false, reason: 'an empty line must follow the statement' })
  })

  test.each([
    ['URI', 4],
    ['Version', 5],
    ['Chain ID', 6],
    ['Nonce', 7],
  ])('behavior: a message without its required "%s:" line is refused by name', (label, at) => {
    expect(parseSiwxMessage(edit(at))).toEqual({ ok: false, reason: `missing "${label}:"` })
    // The label must be exact, with its colon and one space.
    expect(parseSiwxMessage(edit(at, `${label.toLowerCase()}: x`))).toEqual({ ok: false, reason: `missing "${label}:"` })
    expect(parseSiwxMessage(edit(at, `${label}:x`))).toEqual({ ok: false, reason: `missing "${label}:"` })
  })

  test.each(['x1', '1x', '01', '0', '', 'eip155:1', '0x1', '12345678901234567', ' 1'])('behavior: EIP-4361 Chain ID %j (not a bare decimal chain id) is refused', (value) => {
    expect(parseSiwxMessage(edit(6, `Chain ID: ${value}`))).toEqual({ ok: false, reason: 'Chain ID must be a decimal EVM chain id' })
  })

  test.each([
    ['solana', solana, '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
    ['solana', solana, 'eip155:1'],
    ['solana', solana, 'bip122:000000000019d6689c085ae165831e93'],
    ['bip122', bitcoin, '000000000019d6689c085ae165831e93'],
    ['bip122', bitcoin, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
  ])('behavior: a CAIP-122 %s message refuses Chain ID %j (not a CAIP-2 id of its own namespace)', (namespace, data, value) => {
    const text = formatSiwxMessage(data).replace(`Chain ID: ${data.chainId}`, `Chain ID: ${value}`)
    expect(parseSiwxMessage(text)).toEqual({ ok: false, reason: `Chain ID must be a ${namespace} CAIP-2 id` })
  })

  test('behavior: a Chain ID of the right namespace is then checked by the schema', () => {
    const text = formatSiwxMessage(solana).replace(`Chain ID: ${solana.chainId}`, 'Chain ID: solana:tooShort')
    expect(parseSiwxMessage(text)).toEqual({ ok: false, reason: 'chainId: must be an eip155, solana or bip122 CAIP-2 id' })
  })

  test.each([
    ['a trailing newline', `${EVM_LINES.join('\n')}\n`, 'unexpected line 9'],
    ['an unknown field', edit(7, 'Nonce: k3Xq9ZpA7wT2', 'Foo: bar'), 'unexpected line 9'],
    ['optional fields out of order', edit(7, 'Nonce: k3Xq9ZpA7wT2', 'Expiration Time: 2026-01-02T00:00:00Z', 'Issued At: 2026-01-01T00:00:00Z'), 'unexpected line 10'],
    ['a line after the resources', edit(7, 'Nonce: k3Xq9ZpA7wT2', 'Resources:', '- https://a.example', 'extra'), 'unexpected line 11'],
    ['an empty line after the resources', edit(7, 'Nonce: k3Xq9ZpA7wT2', 'Resources:', '- https://a.example', ''), 'unexpected line 11'],
    ['text before the resources list', edit(7, 'Nonce: k3Xq9ZpA7wT2', 'Resources: https://a.example'), 'unexpected line 9'],
  ])('behavior: %s is refused with its 1-based line number', (_, text, reason) => {
    expect(parseSiwxMessage(text)).toEqual({ ok: false, reason })
  })

  test('behavior: well-formed text with invalid fields is refused with the schema\'s reasons, joined', () => {
    expect(parseSiwxMessage(edit(7, 'Nonce: short'))).toEqual({ ok: false, reason: 'nonce: must be at least 8 letters or digits' })
    expect(parseSiwxMessage(edit(5, 'Version: 2'))).toEqual({ ok: false, reason: 'version: Invalid literal value, expected "1"' })
    expect(parseSiwxMessage(edit(0, 'a_b wants you to sign in with your Ethereum account:').replace('Nonce: k3Xq9ZpA7wT2', 'Nonce: short'))).toEqual({
      ok: false,
      reason: 'domain: must be a host, with an optional port; nonce: must be at least 8 letters or digits',
    })
    expect(parseSiwxMessage(edit(7, 'Nonce: k3Xq9ZpA7wT2', 'Resources:'))).toEqual({ ok: false, reason: 'resources: Array must contain at least 1 element(s)' })
    expect(parseSiwxMessage(edit(1, 'not-an-address'))).toEqual({ ok: false, reason: 'accountAddress: must be a eip155 address' })
  })
})
