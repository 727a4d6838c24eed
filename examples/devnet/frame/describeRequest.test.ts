import { parseEther, serializeTransaction, toHex } from 'viem'
import { describe, expect, test } from 'vitest'
import { rpcRequestSchema, type FrameRpcRequest } from '../../../core/frame/index.js'
import { describeRpcRequest } from './describeRequest.js'

const chain = { chainId: 31337, name: 'Airlock Devnet' }
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const request = (value: unknown) => rpcRequestSchema.parse(value) as FrameRpcRequest
const labels = (r: FrameRpcRequest) => describeRpcRequest(r, chain).fields.map((f) => f.label)
const field = (r: FrameRpcRequest, label: string) => describeRpcRequest(r, chain).fields.find((f) => f.label === label)?.value

describe('describeRpcRequest', () => {
  test('default: a transaction reads to, value (exact, in ETH), chain, method, then data length; the data itself comes after', () => {
    const tx = request({ method: 'eth_sendTransaction', params: [{ from, to, value: toHex(parseEther('1.000000000000000001')), data: '0xa9059cbb' }] })
    const summary = describeRpcRequest(tx, chain)
    expect(summary.title).toBe('Send a transaction')
    expect(summary.fields).toEqual([
      { label: 'To', value: to },
      { label: 'Value', value: '1.000000000000000001 ETH' },
      { label: 'Chain', value: 'Airlock Devnet (31337)' },
      { label: 'Method', value: 'eth_sendTransaction' },
      { label: 'Data', value: '4 bytes' },
    ])
    expect(summary.detail).toEqual({ label: 'Data', text: '0xa9059cbb' })
  })

  test('behavior: a kilobyte of calldata never pushes out or cuts the value (review L-3)', () => {
    const data = `0x${'ab'.repeat(1200)}`
    // `data` before `value`, as the page's provider would write it: the order of the request does not matter.
    const tx = request({ method: 'eth_sendTransaction', params: [{ from, to, data, value: toHex(parseEther('1')) }] })
    const summary = describeRpcRequest(tx, chain)
    expect(summary.fields).toEqual([
      { label: 'To', value: to },
      { label: 'Value', value: '1 ETH' },
      { label: 'Chain', value: 'Airlock Devnet (31337)' },
      { label: 'Method', value: 'eth_sendTransaction' },
      { label: 'Data', value: '1200 bytes' },
    ])
    expect(summary.detail).toEqual({ label: 'Data', text: data })
    const sendCalls = describeRpcRequest(request({ method: 'wallet_sendCalls', params: [{ calls: [{ to, data, value: toHex(parseEther('1')) }] }] }), chain)
    expect(sendCalls.fields.map((f) => f.value)).toEqual([to, '1 ETH', '1200 bytes', 'Airlock Devnet (31337)', 'wallet_sendCalls'])
  })

  test('behavior: no value reads 0 ETH, no to reads as a deployment, a raw transaction is decoded', () => {
    expect(field(request({ method: 'eth_sendTransaction', params: [{ from, to }] }), 'Value')).toBe('0 ETH')
    expect(field(request({ method: 'eth_sendTransaction', params: [{ from, data: '0x6000' }] }), 'To')).toBe('New contract (deployment)')
    const raw = serializeTransaction({ chainId: 31337, to, value: parseEther('0.5'), gas: 21000n, maxFeePerGas: 1n, maxPriorityFeePerGas: 1n, nonce: 0 })
    const rawTx = request({ method: 'eth_sendRawTransaction', params: [raw] })
    expect(labels(rawTx).slice(0, 4)).toEqual(['To', 'Value', 'Chain', 'Method'])
    expect(field(rawTx, 'Value')).toBe('0.5 ETH')
    expect(field(request({ method: 'eth_sendRawTransaction', params: ['0x1234'] }), 'Transaction')).toBe('not readable')
  })

  test('behavior: personal_sign shows the decoded text, or the bytes when they are not text', () => {
    const text = describeRpcRequest(request({ method: 'personal_sign', params: [toHex('Hello <b>there</b>\nline 2'), from] }), chain)
    expect(text.detail).toEqual({ label: 'Message', text: 'Hello <b>there</b>\nline 2' })
    expect(text.fields).toContainEqual({ label: 'Account', value: from })
    const bytes = describeRpcRequest(request({ method: 'personal_sign', params: ['0xff00fe', from] }), chain)
    expect(bytes.detail).toEqual({ label: 'Message (bytes)', text: '0xff00fe' })
  })

  test('behavior: typed data shows primary type, domain, its chain and contract before the message', () => {
    const typed = {
      types: { EIP712Domain: [], Permit: [] },
      primaryType: 'Permit',
      domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: to },
      message: { spender: from, value: '1000000' },
    }
    const summary = describeRpcRequest(request({ method: 'eth_signTypedData_v4', params: [from, JSON.stringify(typed)] }), chain)
    expect(summary.fields.slice(0, 4)).toEqual([
      { label: 'Primary type', value: 'Permit' },
      { label: 'Domain', value: 'USD Coin 2' },
      { label: 'Domain chain', value: '1' },
      { label: 'Contract', value: to },
    ])
    expect(JSON.parse(summary.detail!.text)).toEqual(typed.message)
    expect(describeRpcRequest(request({ method: 'eth_signTypedData_v4', params: [from, 'not json'] }), chain).fields[0]).toEqual({ label: 'Primary type', value: 'unknown' })
  })

  test('behavior: wallet_sendCalls lists every call\'s target and value, then the chain', () => {
    const calls = request({ method: 'wallet_sendCalls', params: [{ calls: [{ to, value: toHex(parseEther('2')) }, { to: from, data: '0x00' }] }] })
    const summary = describeRpcRequest(calls, chain)
    expect(summary.title).toBe('Send 2 calls')
    expect(summary.fields.map((f) => `${f.label}: ${f.value}`)).toEqual([
      `Call 1 to: ${to}`,
      'Call 1 value: 2 ETH',
      'Call 1 data: none',
      `Call 2 to: ${from}`,
      'Call 2 value: 0 ETH',
      'Call 2 data: 1 byte',
      'Chain: Airlock Devnet (31337)',
      'Method: wallet_sendCalls',
    ])
  })

  test('behavior: other unsafe methods name the method and show their parameters', () => {
    const summary = describeRpcRequest(request({ method: 'wallet_grantPermissions', params: [{ expiry: 1 }] }), chain)
    expect(summary.title).toBe('Grant permissions')
    expect(summary.fields[0]).toEqual({ label: 'Method', value: 'wallet_grantPermissions' })
    expect(JSON.parse(summary.detail!.text)).toEqual([{ expiry: 1 }])
  })
})
