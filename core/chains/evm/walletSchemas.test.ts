import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { BaseError } from '../../errors/BaseError.js'
import { walletErrorCodes, walletErrorInfo } from './walletErrorInfo.js'
import { evmAccountsSchema, evmChainIdSchema, parseWalletResponse } from './walletSchemas.js'

describe('walletSchemas', () => {
  test('default: accounts come back checksummed; chain ids from hex or numbers', () => {
    expect(evmAccountsSchema.parse(['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'])).toEqual(['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'])
    expect(evmChainIdSchema.parse('0x7a69')).toBe(31337)
    expect(evmChainIdSchema.parse(10)).toBe(10)
  })

  test('behavior: malformed values are refused with "Invalid wallet response", never echoed', () => {
    for (const bad of ['0x', '0x0', '1', '0x' + 'f'.repeat(14), -1, 1.5, null, {}]) expect(evmChainIdSchema.safeParse(bad).success).toBe(false)
    for (const bad of [['0x12'], 'x', [1], Array(101).fill('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')]) expect(evmAccountsSchema.safeParse(bad).success).toBe(false)
    const secret = 'x'.repeat(10_000)
    expect(() => parseWalletResponse(evmAccountsSchema, [secret], 'eth_accounts')).toThrow(BaseError)
    try {
      parseWalletResponse(evmAccountsSchema, [secret], 'eth_accounts')
    } catch (error) {
      expect((error as BaseError).shortMessage).toBe('Invalid wallet response')
      expect((error as BaseError).details?.length).toBeLessThan(200)
    }
  })

  test('property: the schemas never throw on any value', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        evmAccountsSchema.safeParse(value)
        evmChainIdSchema.safeParse(value)
        walletErrorInfo(value, 'fallback')
      }),
    )
  })
})

describe('walletErrorInfo', () => {
  test('default: 4001 always reads "User rejected the request."; viem short messages win; long ones are cut', () => {
    expect(walletErrorInfo({ code: 4001, message: 'MetaMask Tx Signature: User denied' }, 'x')).toEqual({ message: 'User rejected the request.', code: 4001 })
    expect(walletErrorInfo(Object.assign(new Error('long\n\nURL: http://…'), { shortMessage: 'HTTP request failed.' }), 'x')).toEqual({ message: 'HTTP request failed.' })
    expect(walletErrorInfo(new Error('y'.repeat(500)), 'x').message).toHaveLength(200)
    expect(walletErrorInfo(new BaseError('Chain is not supported', { cause: { code: 4001 } }), 'x')).toEqual({ message: 'Chain is not supported' })
    expect(walletErrorInfo(undefined, 'fallback')).toEqual({ message: 'fallback' })
  })

  test('behavior: codes are found in data.originalError and cause', () => {
    expect(walletErrorCodes({ code: -1, data: { originalError: { code: 4902 } } })).toEqual([-1, 4902])
    expect(walletErrorCodes(new Error('x', { cause: { code: 5000 } }))).toEqual([5000])
  })
})
