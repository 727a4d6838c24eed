import { address as btcAddress } from 'bitcoinjs-lib'
import fc from 'fast-check'
import { describe, expect, test, vi } from 'vitest'
import { isAddressFor, isBitcoinAddress, isEvmAddress, isSolanaAddress } from './address.js'
import { CHAIN_NAMESPACES } from './types.js'

const anyValue = fc.oneof(fc.anything(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme-ascii' }))

describe('isEvmAddress', () => {
  test('default', () => {
    expect(isEvmAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true)
    expect(isEvmAddress('0xde709f2102306220921060314715629080e2fb77')).toBe(true)
    expect(isEvmAddress('de709f2102306220921060314715629080e2fb77')).toBe(true)
  })

  test.each([
    '0x52908400098527886E0F7030069857D2E4169EE',
    '0x52908400098527886E0F7030069857D2E4169EE77',
    '0x52908400098527886E0F7030069857D2E4169EEG',
    '0X52908400098527886E0F7030069857D2E4169EE7',
    ' 0x52908400098527886E0F7030069857D2E4169EE7',
    '0x52908400098527886E0F7030069857D2E4169EE7\n',
    '',
  ])('behavior: rejects %j', (value) => {
    expect(isEvmAddress(value)).toBe(false)
  })

  test('property: 40 hex digits with or without 0x are accepted', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-fA-F]{40}$/), fc.boolean(), (hex, prefixed) => {
        expect(isEvmAddress(prefixed ? `0x${hex}` : hex)).toBe(true)
      }),
    )
  })
})

describe('isSolanaAddress', () => {
  test('default', () => {
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true)
    expect(isSolanaAddress('So11111111111111111111111111111111111111112')).toBe(true)
    expect(isSolanaAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe(true)
  })

  test.each([
    ['too short', '1111111111111111111111111111111'],
    ['too long', '1'.repeat(45)],
    ['contains 0', 'So11111111111111111111111111111111111111110'],
    ['contains O', 'SoO1111111111111111111111111111111111111112'],
    ['contains I', 'SoI1111111111111111111111111111111111111112'],
    ['contains l', 'Sol1111111111111111111111111111111111111112'],
    ['an EVM address', '0x52908400098527886E0F7030069857D2E4169EE7'],
  ])('behavior: rejects %s', (_, value) => {
    expect(isSolanaAddress(value)).toBe(false)
  })
})

describe('isBitcoinAddress', () => {
  const mainnet = {
    p2pkh: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    p2sh: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    p2wpkh: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    p2wpkhUpper: 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    p2wsh: 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
    taproot: 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
    taprootBip350: 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  }
  const testnet = {
    p2pkh: 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
    p2sh: '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc',
    p2wpkh: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    p2wsh: 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
    taproot: 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
  }

  test.each(Object.entries(mainnet))('default: mainnet %s', (_, value) => {
    expect(isBitcoinAddress(value, 'mainnet')).toBe(true)
    expect(isBitcoinAddress(value)).toBe(true)
    expect(isBitcoinAddress(value, 'testnet')).toBe(false)
  })

  test.each(Object.entries(testnet))('default: testnet %s', (_, value) => {
    expect(isBitcoinAddress(value, 'testnet')).toBe(true)
    expect(isBitcoinAddress(value)).toBe(true)
    expect(isBitcoinAddress(value, 'mainnet')).toBe(false)
  })

  test('behavior: regtest uses the bcrt prefix and shares testnet base58 versions', () => {
    const p2wpkh = btcAddress.toBech32(new Uint8Array(20).fill(7), 0, 'bcrt')
    const p2tr = btcAddress.toBech32(new Uint8Array(32).fill(9), 1, 'bcrt')
    for (const value of [p2wpkh, p2tr]) {
      expect(isBitcoinAddress(value, 'regtest')).toBe(true)
      expect(isBitcoinAddress(value, 'testnet')).toBe(false)
      expect(isBitcoinAddress(value)).toBe(true)
    }
    expect(isBitcoinAddress(testnet.p2pkh, 'regtest')).toBe(true)
  })

  test.each([
    ['bad base58 checksum', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'],
    ['bad bech32 checksum', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    ['taproot with a bech32 (not bech32m) checksum', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd'],
    ['v0 with a bech32m checksum', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh'],
    ['mixed case', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7'],
    ['unknown prefix', 'tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut'],
    ['future witness version 2', 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs'],
    ['v0 program of 16 bytes', btcAddress.toBech32(new Uint8Array(16).fill(1), 0, 'bc')],
    ['BIP173 v0 program of 16 bytes', 'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P'],
    ['taproot program of 20 bytes', btcAddress.toBech32(new Uint8Array(20).fill(1), 1, 'bc')],
    ['an EVM address', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ['empty', ''],
    ['over 90 characters', `bc1q${'q'.repeat(100)}`],
  ])('behavior: rejects %s', (_, value) => {
    expect(isBitcoinAddress(value)).toBe(false)
  })

  test('behavior: an unknown network name is false, not a throw', () => {
    expect(isBitcoinAddress(mainnet.p2pkh, 'signet' as 'mainnet')).toBe(false)
    expect(isBitcoinAddress(mainnet.p2pkh, '__proto__' as 'mainnet')).toBe(false)
  })

  test('behavior: future segwit versions do not hit bitcoinjs-lib console warnings', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(isBitcoinAddress('bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs')).toBe(false)
    expect(warn).not.toHaveBeenCalled()
    warn.mockRestore()
  })

  test('property: generated v0 and v1 addresses are accepted on their network only', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(['mainnet', 'bc'], ['testnet', 'tb'], ['regtest', 'bcrt']),
        fc.constantFrom([0, 20], [0, 32], [1, 32]),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        ([name, prefix], [version, length], bytes) => {
          const value = btcAddress.toBech32(bytes.slice(0, length), version, prefix)
          expect(isBitcoinAddress(value, name as 'mainnet')).toBe(true)
          expect(isBitcoinAddress(value, name === 'mainnet' ? 'testnet' : 'mainnet')).toBe(false)
        },
      ),
    )
  })
})

describe('isAddressFor', () => {
  test('default', () => {
    expect(isAddressFor('eip155', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true)
    expect(isAddressFor('eip155', '11111111111111111111111111111111')).toBe(false)
    expect(isAddressFor('solana', '11111111111111111111111111111111')).toBe(true)
    expect(isAddressFor('bip122', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true)
    expect(isAddressFor('bip122', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false)
    expect(isAddressFor('polkadot', '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')).toBe(true)
    expect(isAddressFor('cosmos', '')).toBe(false)
    expect(isAddressFor('cosmos', 7)).toBe(false)
  })
})

describe('never throws', () => {
  test('property: every address guard returns a boolean for any value', () => {
    fc.assert(
      fc.property(anyValue, fc.constantFrom(...CHAIN_NAMESPACES), (value, namespace) => {
        for (const result of [
          isEvmAddress(value),
          isSolanaAddress(value),
          isBitcoinAddress(value),
          isBitcoinAddress(value, 'testnet'),
          isAddressFor(namespace, value),
        ]) {
          expect(typeof result).toBe('boolean')
        }
      }),
    )
  })

  test('property: bech32-looking strings never throw', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^(bc|tb|bcrt)1[02-9ac-hj-np-z]{6,80}$/), (value) => {
        expect(typeof isBitcoinAddress(value)).toBe('boolean')
      }),
    )
  })
})
