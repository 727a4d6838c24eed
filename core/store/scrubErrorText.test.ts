import { describe, expect, test } from 'vitest'
import { scrubErrorText } from './scrubErrorText.js'

const SOL = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'

describe('scrubErrorText', () => {
  test('default: an action without error text is returned as is (no copy)', () => {
    const action = { type: 'modal/openRequested' }
    expect(scrubErrorText(action)).toBe(action)
    const clean = { type: 'wallet/requestFailed', error: { message: 'User rejected the request.', code: 4001 } }
    expect(scrubErrorText(clean)).toBe(clean)
  })

  test('behavior: error and cause messages and stacks are scrubbed, the input is not mutated', () => {
    const action = { type: 'siwx/signFailed', error: { message: `bad ${SOL}`, stack: 'at https://a.example/x.js?token=1:1:2' }, cause: { message: 'for ada@example.com', cause: { message: `0x${'ab'.repeat(20)}` } } }
    const frozen = JSON.parse(JSON.stringify(action))
    expect(scrubErrorText(action)).toEqual({ type: 'siwx/signFailed', error: { message: 'bad [address]', stack: 'at https://a.example/x.js:1:2' }, cause: { message: 'for [email]', cause: { message: '[address]' } } })
    expect(action).toEqual(frozen)
  })

  test('behavior: an error toast is scrubbed; other toasts and other `message` fields (a SIWX message to sign) are not', () => {
    const toast = (variant: string) => ({ type: 'notifications/showRequested', notification: { id: 't', variant, message: `m ${SOL}`, description: `d ${SOL}` } })
    expect(scrubErrorText(toast('error')).notification).toEqual({ id: 't', variant: 'error', message: 'm [address]', description: 'd [address]' })
    expect(scrubErrorText(toast('info'))).toEqual(toast('info'))
    const signing = { type: 'siwx/signRequested', message: `example.com wants you to sign in with your Solana account:\n${SOL}` }
    expect(scrubErrorText(signing)).toBe(signing)
  })
})
