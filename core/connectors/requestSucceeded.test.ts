import { describe, expect, test } from 'vitest'
import { redact } from '../store/redact.js'
import type { Action } from '../actions/types.js'
import { requestSucceeded, TRANSACTION_HASH } from './requestSucceeded.js'
import { wrapProvider } from './wrapProvider.js'

const HASH = `0x${'5c50'.repeat(16)}`
// personal_sign's answer: r, s and v, 65 bytes.
const SIGNATURE = `0x${'ab'.repeat(65)}`

describe('requestSucceeded', () => {
  test('default: a successful eth_sendTransaction carries its transaction hash', () => {
    expect(requestSucceeded('r1', 'eth_sendTransaction', HASH)).toEqual({ type: 'wallet/requestSucceeded', id: 'r1', method: 'eth_sendTransaction', hash: HASH })
    // Upper-case hex is a hash too; it is kept as the wallet gave it.
    const upper = `0x${'AB'.repeat(32)}`
    expect(requestSucceeded('r2', 'eth_sendTransaction', upper)).toEqual({ type: 'wallet/requestSucceeded', id: 'r2', method: 'eth_sendTransaction', hash: upper })
  })

  test('behavior: other methods never carry their result, even one shaped like a hash', () => {
    for (const method of ['eth_sendRawTransaction', 'eth_signTransaction', 'wallet_sendCalls', 'eth_chainId', 'ETH_SENDTRANSACTION', '']) {
      expect(requestSucceeded('r1', method, HASH)).toEqual({ type: 'wallet/requestSucceeded', id: 'r1', method })
    }
  })

  test('behavior: an eth_sendTransaction result that is not a 32-byte hex hash is left out', () => {
    const odd: unknown[] = [
      undefined,
      null,
      42,
      BigInt(HASH),
      { hash: HASH },
      [HASH],
      '',
      '0x',
      HASH.slice(0, -1), // 31.5 bytes
      `${HASH}00`, // 33 bytes
      HASH.slice(2), // no 0x
      `0X${HASH.slice(2)}`,
      `0x${'g'.repeat(64)}`,
      ` ${HASH}`,
      `${HASH}\n`,
    ]
    for (const result of odd) {
      expect(requestSucceeded('r1', 'eth_sendTransaction', result), String(result)).toEqual({ type: 'wallet/requestSucceeded', id: 'r1', method: 'eth_sendTransaction' })
    }
  })

  test('behavior: a signature never enters the action (nor, so, the event log)', () => {
    for (const method of ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction']) {
      const action = requestSucceeded('r1', method, SIGNATURE)
      expect(action).toEqual({ type: 'wallet/requestSucceeded', id: 'r1', method })
      expect(JSON.stringify(redact(action))).not.toContain(SIGNATURE.slice(2, 40))
    }
    expect(TRANSACTION_HASH.test(SIGNATURE)).toBe(false)
  })

  test('behavior: getProvider()\'s wrapper records the hash of a sent transaction, and nothing of a signature', async () => {
    const dispatched: Action[] = []
    const answers: Record<string, unknown> = { eth_sendTransaction: HASH, personal_sign: SIGNATURE }
    let next = 0
    const provider = wrapProvider({ provider: { request: async ({ method }) => answers[method] }, namespace: 'eip155', dispatch: (action) => dispatched.push(action), id: () => `r${++next}` })
    expect(await provider.request({ method: 'eth_sendTransaction', params: [{}] })).toBe(HASH)
    expect(await provider.request({ method: 'personal_sign', params: ['0x00', '0x0'] })).toBe(SIGNATURE)
    expect(dispatched).toEqual([
      { type: 'wallet/requestSent', id: 'r1', namespace: 'eip155', method: 'eth_sendTransaction' },
      { type: 'wallet/requestSucceeded', id: 'r1', method: 'eth_sendTransaction', hash: HASH },
      { type: 'wallet/requestSent', id: 'r2', namespace: 'eip155', method: 'personal_sign' },
      { type: 'wallet/requestSucceeded', id: 'r2', method: 'personal_sign' },
    ])
  })
})
