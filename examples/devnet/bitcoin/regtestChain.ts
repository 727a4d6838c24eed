import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { address as btcAddress, crypto as btcCrypto, networks, Transaction } from 'bitcoinjs-lib'

/**
 * An in-memory Bitcoin regtest chain for the dev stack and the tests (there is no bitcoind here,
 * INFRA.md): coins come from `fund` (a coinbase-like transaction, mined at once), transactions
 * from `submit`, which checks them as a node's mempool would for the outputs wallets use: every
 * input exists and is unspent (chain and mempool), no input twice, outputs do not exceed inputs,
 * the relay fee is paid, and each input's signature is verified (P2WPKH with ECDSA, P2TR key path
 * with Schnorr, over BIP-143 and BIP-341 sighashes from bitcoinjs-lib). `mine` confirms the mempool.
 */
export interface RegtestChain {
  /** Pays `sats` to `address` in a new block; the output is spendable at once. */
  fund(address: string, sats: bigint): { txid: string; vout: number }
  /** Mines `blocks` blocks (at least one); the first confirms everything in the mempool. */
  mine(blocks?: number): number
  /** Checks and accepts a raw transaction into the mempool. */
  submit(hex: string): { ok: true; txid: string } | { ok: false; error: string }
  /** Esplora's `/address/{a}` statistics, confirmed and mempool apart. */
  addressStats(address: string): AddressStats
  /** Esplora's `/address/{a}/utxo`: unspent outputs (mempool spends removed). */
  utxos(address: string): Utxo[]
  /** Esplora's `/tx/{id}` JSON, or undefined. */
  tx(txid: string): EsploraTx | undefined
  txHex(txid: string): string | undefined
  /** The hash of the block at `height`, or undefined. */
  blockHash(height: number): string | undefined
  readonly tipHeight: number
  readonly tipHash: string
}

export interface TxoStats {
  funded_txo_count: number
  funded_txo_sum: number
  spent_txo_count: number
  spent_txo_sum: number
  tx_count: number
}
export interface AddressStats {
  address: string
  chain_stats: TxoStats
  mempool_stats: TxoStats
}
export type TxStatus = { confirmed: true; block_height: number; block_hash: string; block_time: number } | { confirmed: false }
export interface Utxo {
  txid: string
  vout: number
  status: TxStatus
  value: number
}
interface EsploraOut {
  scriptpubkey: string
  scriptpubkey_type: string
  scriptpubkey_address?: string
  value: number
}
export interface EsploraTx {
  txid: string
  version: number
  locktime: number
  vin: { txid: string; vout: number; prevout: EsploraOut | null; scriptsig: string; witness: string[]; is_coinbase: boolean; sequence: number }[]
  vout: EsploraOut[]
  size: number
  weight: number
  fee: number
  status: TxStatus
}

/** Bitcoin Core's default minimum relay fee: 1 sat per virtual byte. */
export const MIN_RELAY_SATS_PER_VBYTE = 1
/** Bitcoin Core's standard size limit for one transaction (400,000 weight units). */
export const MAX_TX_WEIGHT = 400_000
const MAX_MONEY = 21_000_000n * 100_000_000n
const NETWORK = networks.regtest
export const REGTEST_GENESIS = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'

interface Entry {
  tx: Transaction
  txid: string
  /** Undefined while in the mempool. */
  block?: { height: number; hash: string; time: number }
  coinbase: boolean
  fee: bigint
}

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex')
const outpoint = (txid: string, vout: number): string => `${txid}:${vout}`
/** The txid of an input: bitcoinjs keeps the previous hash in internal (reversed) byte order. */
const inputTxid = (hash: Uint8Array): string => hex(Uint8Array.from(hash).reverse())

/** The output script of a regtest address (bech32/bech32m or base58), or undefined. */
export function regtestScript(address: string): Uint8Array | undefined {
  try {
    const segwit = btcAddress.fromBech32(address)
    if (segwit.prefix !== NETWORK.bech32) return undefined
    if (segwit.version === 0 && (segwit.data.length === 20 || segwit.data.length === 32)) return Uint8Array.of(0x00, segwit.data.length, ...segwit.data)
    if (segwit.version === 1 && segwit.data.length === 32) return Uint8Array.of(0x51, 0x20, ...segwit.data)
    return undefined
  } catch {
    // not bech32: base58 (P2PKH, P2SH), which needs no curve library
  }
  try {
    return btcAddress.toOutputScript(address, NETWORK)
  } catch {
    return undefined
  }
}

function scriptType(script: Uint8Array): string {
  if (script.length === 22 && script[0] === 0x00 && script[1] === 0x14) return 'v0_p2wpkh'
  if (script.length === 34 && script[0] === 0x00 && script[1] === 0x20) return 'v0_p2wsh'
  if (script.length === 34 && script[0] === 0x51 && script[1] === 0x20) return 'v1_p2tr'
  if (script.length === 25 && script[0] === 0x76 && script[1] === 0xa9) return 'p2pkh'
  if (script.length === 23 && script[0] === 0xa9) return 'p2sh'
  if (script[0] === 0x6a) return 'op_return'
  return 'unknown'
}

function scriptAddress(script: Uint8Array): string | undefined {
  const type = scriptType(script)
  if (type === 'v0_p2wpkh' || type === 'v0_p2wsh') return btcAddress.toBech32(script.subarray(2), 0, NETWORK.bech32)
  if (type === 'v1_p2tr') return btcAddress.toBech32(script.subarray(2), 1, NETWORK.bech32)
  if (type === 'p2pkh' || type === 'p2sh') return btcAddress.fromOutputScript(script, NETWORK)
  return undefined
}

const p2pkhScriptCode = (hash: Uint8Array): Uint8Array => Uint8Array.of(0x76, 0xa9, 0x14, ...hash, 0x88, 0xac)
const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((byte, i) => byte === b[i])
const VALID_V0_HASH_TYPES = new Set([0x01, 0x02, 0x03, 0x81, 0x82, 0x83])

/** Why the input's signature does not hold, or null when it does. */
function checkSignature(tx: Transaction, index: number, prevScripts: Uint8Array[], prevValues: bigint[]): string | null {
  const input = tx.ins[index]!
  const script = prevScripts[index]!
  const witness = input.witness
  if (input.script.length > 0) return 'non-mandatory-script-verify-flag (Witness requires empty scriptSig)'
  const type = scriptType(script)
  if (type === 'v0_p2wpkh') {
    if (witness.length !== 2) return 'non-mandatory-script-verify-flag (Witness program hash mismatch)'
    const [signature, publicKey] = witness as [Uint8Array, Uint8Array]
    if (publicKey.length !== 33 || !sameBytes(btcCrypto.hash160(publicKey), script.subarray(2))) return 'non-mandatory-script-verify-flag (Witness program hash mismatch)'
    const hashType = signature.at(-1)
    if (hashType === undefined || !VALID_V0_HASH_TYPES.has(hashType)) return 'non-mandatory-script-verify-flag (Non-canonical DER signature)'
    const sighash = tx.hashForWitnessV0(index, p2pkhScriptCode(script.subarray(2)), prevValues[index]!, hashType)
    try {
      if (secp256k1.verify(signature.subarray(0, -1), sighash, publicKey, { format: 'der' })) return null
    } catch {
      // malformed DER or key: a failed signature below
    }
    return 'mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)'
  }
  if (type === 'v1_p2tr') {
    if (witness.length !== 1) return 'unsupported: only Taproot key-path spends are accepted here'
    const signature = witness[0]!
    if (signature.length !== 64 && signature.length !== 65) return 'mandatory-script-verify-flag-failed (Invalid Schnorr signature size)'
    const hashType = signature.length === 65 ? signature[64]! : Transaction.SIGHASH_DEFAULT
    if (signature.length === 65 && (hashType === 0 || !VALID_V0_HASH_TYPES.has(hashType))) return 'mandatory-script-verify-flag-failed (Invalid Schnorr signature hash type)'
    try {
      const sighash = tx.hashForWitnessV1(index, prevScripts, prevValues, hashType)
      if (schnorr.verify(signature.subarray(0, 64), sighash, script.subarray(2))) return null
    } catch {
      // a bad key or sighash type: a failed signature below
    }
    return 'mandatory-script-verify-flag-failed (Invalid Schnorr signature)'
  }
  return `unsupported: inputs spending ${type} outputs are not accepted here (P2WPKH and P2TR only)`
}

/**
 * @example const chain = createRegtestChain(); chain.fund('bcrt1q…', 100_000n); chain.submit(signedHex)
 */
export function createRegtestChain({ now = () => Math.floor(Date.now() / 1000) }: { now?: () => number } = {}): RegtestChain {
  const entries = new Map<string, Entry>()
  /** outpoint → txid of the transaction (confirmed or in the mempool) that spends it. */
  const spentBy = new Map<string, string>()
  // Regtest's real genesis hash: a wallet that asks for block 0 recognises the network (core's airlockBitcoinRegtest).
  const blocks: { height: number; hash: string; time: number }[] = [{ height: 0, hash: REGTEST_GENESIS, time: now() }]
  let funded = 0

  const tip = () => blocks[blocks.length - 1]!
  const newBlock = () => {
    const previous = tip()
    const block = { height: previous.height + 1, hash: hex(btcCrypto.sha256(new TextEncoder().encode(`${previous.hash}:${previous.height + 1}:${entries.size}`))), time: now() }
    blocks.push(block)
    return block
  }
  const status = (entry: Entry): TxStatus => (entry.block ? { confirmed: true, block_height: entry.block.height, block_hash: entry.block.hash, block_time: entry.block.time } : { confirmed: false })
  const output = (txid: string, vout: number) => {
    const out = entries.get(txid)?.tx.outs[vout]
    return out ? { script: out.script, value: out.value } : undefined
  }

  const mine = (count = 1): number => {
    for (let i = 0; i < Math.max(1, count); i++) {
      const block = newBlock()
      if (i === 0) for (const entry of entries.values()) if (!entry.block) entry.block = block
    }
    return tip().height
  }

  const fund = (address: string, sats: bigint): { txid: string; vout: number } => {
    const script = regtestScript(address)
    if (!script) throw new Error(`not a regtest address: ${address}`)
    if (sats <= 0n || sats > MAX_MONEY) throw new Error(`amount out of range: ${sats}`)
    const tx = new Transaction()
    // A coinbase input whose script makes each funding transaction unique (BIP-34 style height + counter).
    tx.addInput(new Uint8Array(32), 0xffffffff, 0xffffffff, Uint8Array.of(0x04, ...new Uint8Array(new Uint32Array([++funded]).buffer)))
    tx.addOutput(script, sats)
    const txid = tx.getId()
    entries.set(txid, { tx, txid, coinbase: true, fee: 0n })
    mine(1)
    return { txid, vout: 0 }
  }

  const submit = (raw: string): { ok: true; txid: string } | { ok: false; error: string } => {
    if (!/^(?:[0-9a-fA-F]{2})+$/.test(raw)) return { ok: false, error: 'TX decode failed: not hex' }
    if (raw.length / 2 > MAX_TX_WEIGHT) return { ok: false, error: 'tx-size' }
    let tx: Transaction
    try {
      tx = Transaction.fromHex(raw)
    } catch (error) {
      return { ok: false, error: `TX decode failed: ${error instanceof Error ? error.message : String(error)}` }
    }
    if (tx.weight() > MAX_TX_WEIGHT) return { ok: false, error: 'tx-size' }
    const txid = tx.getId()
    if (entries.has(txid)) return { ok: false, error: 'txn-already-known' }
    if (tx.ins.length === 0) return { ok: false, error: 'bad-txns-vin-empty' }
    if (tx.outs.length === 0) return { ok: false, error: 'bad-txns-vout-empty' }
    if (tx.isCoinbase()) return { ok: false, error: 'coinbase' }
    const seen = new Set<string>()
    const prevScripts: Uint8Array[] = []
    const prevValues: bigint[] = []
    for (const input of tx.ins) {
      const key = outpoint(inputTxid(input.hash), input.index)
      if (seen.has(key)) return { ok: false, error: 'bad-txns-inputs-duplicate' }
      seen.add(key)
      const prev = output(inputTxid(input.hash), input.index)
      if (!prev) return { ok: false, error: 'bad-txns-inputs-missingorspent' }
      const spender = spentBy.get(key)
      if (spender) return { ok: false, error: entries.get(spender)?.block ? 'bad-txns-inputs-missingorspent' : 'txn-mempool-conflict' }
      prevScripts.push(prev.script)
      prevValues.push(prev.value)
    }
    let outSum = 0n
    for (const out of tx.outs) {
      if (out.value < 0n || out.value > MAX_MONEY) return { ok: false, error: 'bad-txns-vout-toolarge' }
      outSum += out.value
    }
    const inSum = prevValues.reduce((sum, value) => sum + value, 0n)
    if (outSum > inSum) return { ok: false, error: 'bad-txns-in-belowout' }
    const fee = inSum - outSum
    if (fee < BigInt(tx.virtualSize() * MIN_RELAY_SATS_PER_VBYTE)) return { ok: false, error: `min relay fee not met, ${fee} < ${tx.virtualSize() * MIN_RELAY_SATS_PER_VBYTE}` }
    for (let index = 0; index < tx.ins.length; index++) {
      const failure = checkSignature(tx, index, prevScripts, prevValues)
      if (failure) return { ok: false, error: `${failure}, input ${index}` }
    }
    entries.set(txid, { tx, txid, coinbase: false, fee })
    for (const key of seen) spentBy.set(key, txid)
    return { ok: true, txid }
  }

  const addressStats = (address: string): AddressStats => {
    const script = regtestScript(address)
    const empty = (): TxoStats => ({ funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 })
    const chain = empty()
    const mempool = empty()
    if (!script) return { address, chain_stats: chain, mempool_stats: mempool }
    for (const entry of entries.values()) {
      const stats = entry.block ? chain : mempool
      let touched = false
      entry.tx.outs.forEach((out) => {
        if (!sameBytes(out.script, script)) return
        stats.funded_txo_count += 1
        stats.funded_txo_sum += Number(out.value)
        touched = true
      })
      if (!entry.coinbase) {
        for (const input of entry.tx.ins) {
          const prev = output(inputTxid(input.hash), input.index)
          if (!prev || !sameBytes(prev.script, script)) continue
          stats.spent_txo_count += 1
          stats.spent_txo_sum += Number(prev.value)
          touched = true
        }
      }
      if (touched) stats.tx_count += 1
    }
    return { address, chain_stats: chain, mempool_stats: mempool }
  }

  const utxos = (address: string): Utxo[] => {
    const script = regtestScript(address)
    if (!script) return []
    const list: Utxo[] = []
    for (const entry of entries.values()) {
      entry.tx.outs.forEach((out, vout) => {
        if (sameBytes(out.script, script) && !spentBy.has(outpoint(entry.txid, vout))) list.push({ txid: entry.txid, vout, status: status(entry), value: Number(out.value) })
      })
    }
    return list
  }

  const describeOut = (script: Uint8Array, value: bigint): EsploraOut => {
    const scriptAddr = scriptAddress(script)
    return { scriptpubkey: hex(script), scriptpubkey_type: scriptType(script), ...(scriptAddr ? { scriptpubkey_address: scriptAddr } : {}), value: Number(value) }
  }

  const tx = (txid: string): EsploraTx | undefined => {
    const entry = entries.get(txid)
    if (!entry) return undefined
    return {
      txid,
      version: entry.tx.version,
      locktime: entry.tx.locktime,
      vin: entry.tx.ins.map((input) => {
        const prev = entry.coinbase ? undefined : output(inputTxid(input.hash), input.index)
        return {
          txid: inputTxid(input.hash),
          vout: input.index,
          prevout: prev ? describeOut(prev.script, prev.value) : null,
          scriptsig: hex(input.script),
          witness: input.witness.map(hex),
          is_coinbase: entry.coinbase,
          sequence: input.sequence,
        }
      }),
      vout: entry.tx.outs.map((out) => describeOut(out.script, out.value)),
      size: entry.tx.byteLength(),
      weight: entry.tx.weight(),
      fee: Number(entry.fee),
      status: status(entry),
    }
  }

  return {
    fund,
    mine,
    submit,
    addressStats,
    utxos,
    tx,
    txHex: (txid) => entries.get(txid)?.tx.toHex(),
    blockHash: (height) => blocks[height]?.hash,
    get tipHeight() {
      return tip().height
    },
    get tipHash() {
      return tip().hash
    },
  }
}
