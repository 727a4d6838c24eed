import { describe, expect, test } from 'vitest'
import { fromWalletConnectBitcoin, toWalletConnectBitcoin } from './bitcoinRequests.js'

const ACCOUNT = 'bcrt1qhxwq54z8tfrjfhzl4krz4agk9ak9ugz4ee85s8'
const TO = 'bcrt1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqc8gma6'
const TXID = 'ab'.repeat(32)

describe('WalletConnect bip122 shapes', () => {
  test('default: sats-connect requests go out with the account, a list of inputs, one recipient with a string amount, lower-case protocol', () => {
    expect(toWalletConnectBitcoin('signMessage', { address: ACCOUNT, message: 'hi', protocol: 'ECDSA' }, ACCOUNT)).toEqual({ account: ACCOUNT, address: ACCOUNT, message: 'hi', protocol: 'ecdsa' })
    expect(toWalletConnectBitcoin('signPsbt', { psbt: 'cHNidP8=', signInputs: { [ACCOUNT]: [0, 2], [TO]: [1] }, broadcast: true }, ACCOUNT)).toEqual({
      account: ACCOUNT,
      psbt: 'cHNidP8=',
      signInputs: [{ address: ACCOUNT, index: 0 }, { address: ACCOUNT, index: 2 }, { address: TO, index: 1 }],
      broadcast: true,
    })
    expect(toWalletConnectBitcoin('sendTransfer', { recipients: [{ address: TO, amount: 12_345 }] }, ACCOUNT)).toEqual({ account: ACCOUNT, recipientAddress: TO, amount: '12345' })
  })

  test('behavior: answers come back in sats-connect shapes: a hex signature as base64 (base64 kept), tx_id as txid', () => {
    expect(fromWalletConnectBitcoin('signMessage', { signature: '48656c6c6f', address: ACCOUNT })).toMatchObject({ signature: btoa('Hello') })
    expect(fromWalletConnectBitcoin('signMessage', { signature: 'SGVsbG8=' })).toMatchObject({ signature: 'SGVsbG8=' })
    expect(fromWalletConnectBitcoin('sendTransfer', { tx_id: TXID })).toEqual({ txid: TXID })
    expect(fromWalletConnectBitcoin('signPsbt', { psbt: 'cHNidP8=', txid: TXID })).toEqual({ psbt: 'cHNidP8=', txid: TXID })
  })

  test('hostile: two recipients, bad params and malformed answers are refused', () => {
    expect(() => toWalletConnectBitcoin('sendTransfer', { recipients: [{ address: TO, amount: 1 }, { address: TO, amount: 2 }] }, ACCOUNT)).toThrow('one recipient')
    expect(() => toWalletConnectBitcoin('signPsbt', { psbt: '<script>', signInputs: {} }, ACCOUNT)).toThrow()
    expect(() => toWalletConnectBitcoin('signMessage', { address: 'x', message: 'hi' }, ACCOUNT)).toThrow()
    expect(() => fromWalletConnectBitcoin('sendTransfer', { txid: 'not-a-txid' })).toThrow()
    expect(() => fromWalletConnectBitcoin('signMessage', { signature: '' })).toThrow()
    expect(() => fromWalletConnectBitcoin('signPsbt', null)).toThrow()
  })
})
