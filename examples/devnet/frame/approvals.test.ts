// @vitest-environment happy-dom
import { parseEther, toHex } from 'viem'
import { describe, expect, test } from 'vitest'
import { rpcRequestSchema, type FrameRpcRequest } from '../../../core/frame/index.js'
import { ABORTED_MESSAGE, createApprovals } from './approvals.js'
import { describeRpcRequest } from './describeRequest.js'

const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('createApprovals card', () => {
  test('behavior: to, value, chain and method are shown in full before 1,200 bytes of calldata, which comes last (review L-3)', async () => {
    const data = `0x${'ab'.repeat(1200)}`
    const tx = rpcRequestSchema.parse({ method: 'eth_sendTransaction', params: [{ from, to, data, value: toHex(parseEther('1')) }] }) as FrameRpcRequest
    const approvals = createApprovals(document)
    const asked = approvals.ask({ id: 'r1', origin: 'https://dapp.example', dappName: 'Dapp', summary: describeRpcRequest(tx, { chainId: 31337, name: 'Airlock Devnet' }), work: async () => '0xhash' })

    const card = document.querySelector('main.approval')!
    expect(card.querySelector('h1')?.textContent).toBe('Send a transaction')
    const shown = [...card.querySelectorAll('.fields dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`)
    expect(shown).toEqual([`To: ${to}`, 'Value: 1 ETH', 'Chain: Airlock Devnet (31337)', 'Method: eth_sendTransaction', 'Data: 1200 bytes'])
    const detail = card.querySelector('pre.detail')!
    // The calldata is whole (never cut) and placed after every field, in document order.
    expect(detail.textContent).toBe(data)
    expect(card.querySelector('.fields')!.compareDocumentPosition(detail) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(card.textContent!.indexOf('1 ETH')).toBeLessThan(card.textContent!.indexOf(data))

    approvals.abort('r1')
    await expect(asked).rejects.toThrow(ABORTED_MESSAGE)
  })
})
