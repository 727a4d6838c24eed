import { parseEther } from 'viem'
import { describe, expect, test } from 'vitest'
import { fiatCents, formatCents, limitError, priceFromCrypto, priceFromFiat } from './onrampPricing.js'
import { createOnrampSessions, ONRAMP_SESSION_TTL_MS, type OnrampOrder } from './onrampSessions.js'

const order: OnrampOrder = {
  destination: '0x000000000000000000000000000000000000bEEF',
  chainId: 31337,
  networkName: 'Airlock Devnet',
  symbol: 'ETH',
  price: priceFromFiat(100_00n, 'USD', 3000),
  partnerUserId: '',
}

/** The dev on-ramp's sessions and prices, without a chain. */
describe('onramp sessions', () => {
  test('default: an open session is claimed once; ids are unguessable and distinct', () => {
    const sessions = createOnrampSessions()
    const { id } = sessions.open(order)
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(sessions.open(order).id).not.toBe(id)
    expect(sessions.claim(id)).toMatchObject({ kind: 'claimed', session: { status: 'paying' } })
    expect(sessions.claim(id)).toMatchObject({ kind: 'taken', session: { status: 'paying' } })
    expect(sessions.claim('nope')).toEqual({ kind: 'unknown' })
  })

  test('parameters: now: a session expires after 30 minutes, except while its transfer is under way', () => {
    let clock = 0
    const sessions = createOnrampSessions({ now: () => clock })
    const idle = sessions.open(order).id
    const paying = sessions.open(order).id
    sessions.claim(paying)
    clock = ONRAMP_SESSION_TTL_MS - 1
    expect(sessions.find(idle)).toBeDefined()
    clock = ONRAMP_SESSION_TTL_MS
    expect(sessions.find(idle)).toBeUndefined()
    expect(sessions.claim(paying)).toEqual({ kind: 'unknown' })
    sessions.update(paying, { status: 'paid' })
    expect(sessions.list()).toEqual([])
  })

  test('parameters: max: the oldest go first when full, never one being paid', () => {
    const sessions = createOnrampSessions({ max: 3 })
    const [a, b, c] = [sessions.open(order).id, sessions.open(order).id, sessions.open(order).id]
    sessions.claim(a)
    const d = sessions.open(order).id
    expect(sessions.list().map((s) => s.id)).toEqual([a, c, d])
    expect(sessions.find(b)).toBeUndefined()
  })
})

describe('onramp pricing', () => {
  test('default: fiat amounts parse and print in cents; limits per method', () => {
    expect([fiatCents('10'), fiatCents('12.5'), fiatCents('7500.01'), fiatCents('1.234'), fiatCents('-1'), fiatCents('1e3')]).toEqual([1000n, 1250n, 750001n, null, null, null])
    expect(formatCents(1050n)).toBe('10.50')
    expect(limitError(1000n, 'EUR', 'card')).toBeNull()
    expect(limitError(999n, 'EUR', 'card')).toBe('Amount 9.99 EUR is outside the card limits 10.00-7500.00 EUR')
    expect(limitError(2_500_000n, 'USD', 'ach_bank_account')).toBeNull()
  })

  test('behavior: fees come off the payment; a crypto preset is grossed up to the same fee share', () => {
    expect(priceFromFiat(100_00n, 'USD', 3000)).toEqual({ currency: 'USD', totalCents: 100_00n, subtotalCents: 98_00n, providerFeeCents: 150n, networkFeeCents: 50n, cryptoBaseUnits: parseEther('0.03266666') })
    expect(priceFromFiat(100_00n, 'EUR', 3000).cryptoBaseUnits).toBe(parseEther('0.03528'))
    expect(priceFromCrypto(parseEther('0.1'), 'USD', 3000)).toEqual({ currency: 'USD', totalCents: 305_08n, subtotalCents: 300_00n, providerFeeCents: 458n, networkFeeCents: 50n, cryptoBaseUnits: parseEther('0.1') })
    expect(priceFromCrypto(parseEther('0.123456789'), 'USD', 3000).cryptoBaseUnits).toBe(parseEther('0.12345678'))
    expect(() => priceFromFiat(100_00n, 'USD', 0)).toThrow('No dev price')
  })
})
