import { bytesToHex, numberToBytesBE } from '@noble/curves/abstract/utils'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { address as btcAddress, crypto as btcCrypto, networks, Psbt, Transaction } from 'bitcoinjs-lib'
import { bitcoinMessageHash } from '../../../core/siwx/verifiers/verifyBitcoinSignature.js'
import { bip322ToSign } from '../../../core/siwx/verifiers/verifyBip322.js'

/**
 * An unfamiliar Bitcoin wallet for tests, with the request API Xverse, Leather and Magic Eden
 * expose through sats-connect: `request(method, params)` answers `{ status: 'success', result }`
 * or `{ status: 'error', error: { code, message } }` (-32000 when the person says no). Two real
 * regtest keys: the payment account (P2WPKH, the default account per SPEC) and the ordinals
 * account (P2TR key path, BIP-86 tweak). Methods: `getAccounts` (purposes), `signMessage` (ECDSA
 * as BIP-137, or BIP-322 simple), `signPsbt` (`signInputs` by address, optional `broadcast`),
 * `sendTransfer` (coin selection over the Esplora API's UTXOs, change back, broadcast).
 * @example const wallet = createBitcoinTestWallet({ apiUrl: esplora.url }); await wallet.request('getAccounts', { purposes: ['payment'] })
 */
export interface BitcoinTestWallet {
  readonly payment: BitcoinAccount
  readonly ordinals: BitcoinAccount
  request(method: string, params?: unknown): Promise<RpcResponse>
  /** `accountChange`: the connected accounts after a connect or disconnect. */
  on(event: 'accountChange', listener: (accounts: BitcoinAccount[]) => void): () => void
  disconnect(): void
  /** Every request shown to the person, in order. */
  readonly requests: { method: string; params: unknown }[]
}

export interface BitcoinAccount {
  readonly address: string
  readonly publicKey: string
  readonly purpose: 'payment' | 'ordinals'
  readonly addressType: 'p2wpkh' | 'p2tr'
}

export type RpcResponse = { status: 'success'; result: unknown } | { status: 'error'; error: { code: number; message: string } }

export const USER_REJECTION = -32000
const FEE_RATE = 2n // sat/vB, above the stand-in's relay minimum
const DUST = 546n
const NETWORK = networks.regtest

interface Key {
  account: BitcoinAccount
  script: Uint8Array
  secret: Uint8Array
  /** P2WPKH: the compressed key; P2TR: the tweaked secret signs. */
  publicKey: Uint8Array
}

function paymentKey(secret: Uint8Array): Key {
  const publicKey = secp256k1.getPublicKey(secret, true)
  const hash = btcCrypto.hash160(publicKey)
  const address = btcAddress.toBech32(hash, 0, NETWORK.bech32)
  return { account: { address, publicKey: bytesToHex(publicKey), purpose: 'payment', addressType: 'p2wpkh' }, script: Uint8Array.of(0x00, 0x14, ...hash), secret, publicKey }
}

function ordinalsKey(secret: Uint8Array): Key {
  const internal = schnorr.getPublicKey(secret)
  const n = secp256k1.CURVE.n
  const scalar = secp256k1.utils.normPrivateKeyToScalar(secret)
  const even = secp256k1.getPublicKey(secret, true)[0] === 2 ? scalar : n - scalar
  const tweak = secp256k1.utils.normPrivateKeyToScalar(btcCrypto.taggedHash('TapTweak', internal))
  const tweaked = numberToBytesBE((even + tweak) % n, 32)
  const output = schnorr.getPublicKey(tweaked)
  const address = btcAddress.toBech32(output, 1, NETWORK.bech32)
  return { account: { address, publicKey: bytesToHex(internal), purpose: 'ordinals', addressType: 'p2tr' }, script: Uint8Array.of(0x51, 0x20, ...output), secret: tweaked, publicKey: output }
}

/**
 * Finalizes every input: P2WPKH by bitcoinjs; a Taproot key-path input by hand (its witness is the
 * one signature), since bitcoinjs' Taproot finalizer wants a curve library (initEccLib).
 */
function finalize(psbt: Psbt): void {
  psbt.data.inputs.forEach((input, index) => {
    if (input.tapKeySig) psbt.updateInput(index, { finalScriptWitness: witnessBytes([input.tapKeySig]) })
    else psbt.finalizeInput(index)
  })
}

/** The BIP-322 witness stack, serialized (item count, then each item with its length). */
/** Base64 of bytes, in Node and in browsers alike (this wallet also runs on the demo page). */
function toBase64(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text)
}

function witnessBytes(items: Uint8Array[]): Uint8Array {
  return Uint8Array.from([items.length, ...items.flatMap((item) => [item.length, ...item])])
}

export interface BitcoinTestWalletOptions {
  /** The Esplora API the wallet reads UTXOs from and broadcasts to. */
  readonly apiUrl: string
  /** Picks the two keys (deterministic: the same seed, the same addresses). */
  readonly seed?: number
  /** The person's answer to each request; default: approve everything. */
  readonly approve?: (method: string, params: unknown) => boolean | Promise<boolean>
  /** Where the wallet keeps whether this site may see the accounts (the demo page: localStorage), so a reload can reconnect silently. */
  readonly remember?: { get(): boolean; set(value: boolean): void }
}

export function createBitcoinTestWallet(options: BitcoinTestWalletOptions): BitcoinTestWallet {
  const seed = options.seed ?? 1
  const keys = [paymentKey(btcCrypto.sha256(Uint8Array.of(seed, 0x01))), ordinalsKey(btcCrypto.sha256(Uint8Array.of(seed, 0x02)))] as const
  const [payment, ordinals] = keys
  const requests: { method: string; params: unknown }[] = []
  const listeners = new Set<(accounts: BitcoinAccount[]) => void>()
  let connected: BitcoinAccount[] = options.remember?.get() ? keys.map((key) => key.account) : []
  const keyOf = (address: unknown): Key | undefined => keys.find((key) => key.account.address === address)
  const fail = (code: number, message: string): RpcResponse => ({ status: 'error', error: { code, message } })
  const ask = async (method: string, params: unknown): Promise<boolean> => {
    requests.push({ method, params })
    return (await (options.approve ?? (() => true))(method, params)) === true
  }
  const broadcast = async (hex: string): Promise<string> => {
    const res = await fetch(`${options.apiUrl}/tx`, { method: 'POST', body: hex })
    const text = await res.text()
    if (!res.ok) throw new Error(text)
    return text
  }
  /** Signs input `index` of `psbt` with `key` (its witnessUtxo set), as the wallet's own signer. */
  const signInput = (psbt: Psbt, index: number, key: Key): void => {
    const tx = Transaction.fromBuffer(psbt.data.globalMap.unsignedTx.toBuffer())
    const utxos = psbt.data.inputs.map((input, i) => {
      if (!input.witnessUtxo) throw new Error(`input ${i} has no witnessUtxo`)
      return input.witnessUtxo
    })
    if (key.account.addressType === 'p2wpkh') {
      const hash = btcCrypto.hash160(key.publicKey)
      const sighash = tx.hashForWitnessV0(index, Uint8Array.of(0x76, 0xa9, 0x14, ...hash, 0x88, 0xac), utxos[index]!.value, Transaction.SIGHASH_ALL)
      psbt.updateInput(index, { partialSig: [{ pubkey: key.publicKey, signature: Uint8Array.of(...secp256k1.sign(sighash, key.secret).toDERRawBytes(), Transaction.SIGHASH_ALL) }] })
    } else {
      const sighash = tx.hashForWitnessV1(index, utxos.map((u) => u.script), utxos.map((u) => u.value), Transaction.SIGHASH_DEFAULT)
      psbt.updateInput(index, { tapKeySig: schnorr.sign(sighash, key.secret) })
    }
  }

  const methods: Record<string, (params: Record<string, unknown>) => Promise<RpcResponse>> = {
    // sats-connect's silent read: the connected accounts, never a prompt; refused before a connect.
    wallet_getAccount: async () => (connected.length > 0 ? { status: 'success', result: { addresses: connected } } : fail(-32002, 'Access denied')),
    wallet_disconnect: async () => {
      connected = []
      options.remember?.set(false)
      for (const listener of [...listeners]) listener(connected)
      return { status: 'success', result: null }
    },
    getAccounts: async (params) => {
      const purposes = Array.isArray(params.purposes) ? params.purposes : ['payment', 'ordinals']
      if (!purposes.every((p) => p === 'payment' || p === 'ordinals')) return fail(-32602, 'Invalid purposes')
      if (!(await ask('getAccounts', params))) return fail(USER_REJECTION, 'User rejected the request.')
      connected = keys.filter((key) => purposes.includes(key.account.purpose)).map((key) => key.account)
      options.remember?.set(true)
      for (const listener of [...listeners]) listener(connected)
      return { status: 'success', result: connected }
    },
    signMessage: async (params) => {
      const key = keyOf(params.address)
      if (!key || !connected.includes(key.account) || typeof params.message !== 'string') return fail(-32602, 'Invalid address or message')
      const protocol = params.protocol === 'ECDSA' ? 'ECDSA' : 'BIP322'
      if (protocol === 'ECDSA' && key.account.addressType !== 'p2wpkh') return fail(-32001, 'ECDSA signing needs a P2WPKH address')
      if (!(await ask('signMessage', params))) return fail(USER_REJECTION, 'User rejected the request.')
      if (protocol === 'ECDSA') {
        const hash = bitcoinMessageHash(params.message)
        const sig = secp256k1.sign(hash, key.secret)
        // BIP-137 header for a P2WPKH (bech32) address: 39 + recovery id.
        const signature = toBase64(Uint8Array.of(39 + sig.recovery, ...sig.toCompactRawBytes()))
        return { status: 'success', result: { signature, messageHash: bytesToHex(hash), address: key.account.address, protocol } }
      }
      const toSign = bip322ToSign(key.script, params.message)
      let items: Uint8Array[]
      if (key.account.addressType === 'p2wpkh') {
        const hash = btcCrypto.hash160(key.publicKey)
        const sighash = toSign.hashForWitnessV0(0, Uint8Array.of(0x76, 0xa9, 0x14, ...hash, 0x88, 0xac), 0n, Transaction.SIGHASH_ALL)
        items = [Uint8Array.of(...secp256k1.sign(sighash, key.secret).toDERRawBytes(), Transaction.SIGHASH_ALL), key.publicKey]
      } else {
        items = [schnorr.sign(toSign.hashForWitnessV1(0, [key.script], [0n], Transaction.SIGHASH_DEFAULT), key.secret)]
      }
      return { status: 'success', result: { signature: toBase64(witnessBytes(items)), messageHash: '', address: key.account.address, protocol } }
    },
    signPsbt: async (params) => {
      if (typeof params.psbt !== 'string' || typeof params.signInputs !== 'object' || params.signInputs === null) return fail(-32602, 'Expected psbt (base64) and signInputs')
      let psbt: Psbt
      try {
        psbt = Psbt.fromBase64(params.psbt, { network: NETWORK })
      } catch {
        return fail(-32602, 'Invalid PSBT')
      }
      const plan: [number, Key][] = []
      for (const [address, indexes] of Object.entries(params.signInputs as Record<string, unknown>)) {
        const key = keyOf(address)
        if (!key || !connected.includes(key.account) || !Array.isArray(indexes) || !indexes.every((i) => Number.isInteger(i) && i >= 0 && i < psbt.inputCount)) return fail(-32602, `Cannot sign for ${address}`)
        for (const index of indexes as number[]) plan.push([index, key])
      }
      if (!(await ask('signPsbt', params))) return fail(USER_REJECTION, 'User rejected the request.')
      for (const [index, key] of plan) signInput(psbt, index, key)
      if (params.broadcast !== true) return { status: 'success', result: { psbt: psbt.toBase64() } }
      finalize(psbt)
      return { status: 'success', result: { psbt: psbt.toBase64(), txid: await broadcast(psbt.extractTransaction().toHex()) } }
    },
    sendTransfer: async (params) => {
      const recipients = Array.isArray(params.recipients) ? (params.recipients as { address?: unknown; amount?: unknown }[]) : []
      if (recipients.length === 0 || !recipients.every((r) => typeof r.address === 'string' && Number.isSafeInteger(r.amount) && (r.amount as number) >= Number(DUST))) return fail(-32602, 'Expected recipients [{ address, amount (sats) }]')
      if (!connected.includes(payment.account)) return fail(-32602, 'Not connected')
      const outputs = recipients.map((r) => {
        try {
          return { script: btcAddress.toOutputScript(r.address as string, NETWORK), value: BigInt(r.amount as number) }
        } catch {
          return undefined
        }
      })
      if (outputs.some((o) => !o)) return fail(-32602, 'Invalid recipient address')
      if (!(await ask('sendTransfer', params))) return fail(USER_REJECTION, 'User rejected the request.')
      const utxos = ((await (await fetch(`${options.apiUrl}/address/${payment.account.address}/utxo`)).json()) as { txid: string; vout: number; value: number }[]).sort((a, b) => b.value - a.value)
      const target = outputs.reduce((sum, o) => sum + o!.value, 0n)
      const psbt = new Psbt({ network: NETWORK })
      let total = 0n
      // P2WPKH sizes: 11 vB overhead, 68 per input, 31 per output (one more for change).
      const fee = (inputs: number) => BigInt(11 + 68 * inputs + 31 * (outputs.length + 1)) * FEE_RATE
      for (const utxo of utxos) {
        if (total >= target + fee(psbt.inputCount)) break
        psbt.addInput({ hash: utxo.txid, index: utxo.vout, witnessUtxo: { script: payment.script, value: BigInt(utxo.value) } })
        total += BigInt(utxo.value)
      }
      if (total < target + fee(psbt.inputCount)) return fail(-32603, 'Insufficient funds')
      for (const o of outputs) psbt.addOutput({ script: o!.script, value: o!.value })
      const change = total - target - fee(psbt.inputCount)
      if (change >= DUST) psbt.addOutput({ script: payment.script, value: change })
      for (let i = 0; i < psbt.inputCount; i++) signInput(psbt, i, payment)
      finalize(psbt)
      return { status: 'success', result: { txid: await broadcast(psbt.extractTransaction().toHex()) } }
    },
  }

  return {
    payment: payment.account,
    ordinals: ordinals.account,
    requests,
    request: async (method, params = {}) => {
      const run = Object.hasOwn(methods, method) ? methods[method] : undefined
      if (!run) return fail(-32601, `Method not found: ${method}`)
      if (typeof params !== 'object' || params === null) return fail(-32602, 'Invalid params')
      try {
        return await run(params as Record<string, unknown>)
      } catch (error) {
        return fail(-32603, error instanceof Error ? error.message : String(error))
      }
    },
    on: (_event, listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    disconnect: () => {
      connected = []
      options.remember?.set(false)
      for (const listener of [...listeners]) listener(connected)
    },
  }
}
