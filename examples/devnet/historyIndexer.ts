import { decodeEventLog, formatUnits, getAddress, parseAbiItem, toEventSelector, type Address, type Hex, type PublicClient } from 'viem'
import { DEV_PRICES, type DevAssets } from './contracts/deployDevAssets.js'

/** A transfer inside a transaction, as the data service's history answers it. */
export interface HistoryTransfer {
  readonly fungible_info?: { readonly name: string; readonly symbol: string; readonly icon?: { readonly url: string }; readonly flags?: { readonly is_spam: boolean } }
  readonly nft_info?: { readonly name: string; readonly collection: string; readonly token_id: string; readonly flags: { readonly is_spam: boolean } }
  readonly direction: 'in' | 'out' | 'self'
  readonly quantity: { readonly numeric: string }
  readonly value?: number
  readonly price?: number
}

/** One transaction of an account (SPEC 7 `GET /v1/account/{account}/history`). */
export interface HistoryTransaction {
  readonly id: string
  readonly metadata: {
    readonly operationType: 'send' | 'receive' | 'mint' | 'execute' | 'trade'
    readonly hash: Hex
    readonly minedAt: string
    readonly sentFrom: Address
    readonly sentTo: Address | null
    readonly status: 'confirmed' | 'failed'
    readonly nonce: number
    readonly chain: string
  }
  readonly transfers: readonly HistoryTransfer[]
}

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)')
const NFT_TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)')
const TRANSFER_TOPIC = toEventSelector(TRANSFER)
/** DevSwap's event: a swap paying out ETH moves it by an internal call, which no transaction or Transfer log shows. */
const SWAP = parseAbiItem('event Swap(address indexed sender, address indexed tokenIn, address indexed tokenOut, uint256 amountIn, uint256 amountOut, address to)')
const SWAP_TOPIC = toEventSelector(SWAP)
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const ZERO = '0x0000000000000000000000000000000000000000'
const ZERO_TOPIC = `0x${'0'.repeat(64)}`

/** An NFT's display name, the same in the history and the NFT list: "Airlock Dev Collectibles #1". */
export function nftName(collection: string, tokenId: bigint | string): string {
  return `${collection} #${tokenId}`
}

/**
 * The account's transactions on one chain, newest first, read from the chain itself: native
 * transfers, and ERC-20 and ERC-721 `Transfer` logs of the dev assets that name the account (the
 * spam token's flagged `is_spam`). A small indexer for the dev stack: it reads every block on each
 * call, which is fine for a local chain of a few hundred blocks.
 * @example await accountHistory(client, 31337, assets, '0xf39F…')
 */
export async function accountHistory(client: PublicClient, chainId: number, assets: DevAssets, account: Address): Promise<HistoryTransaction[]> {
  const me = getAddress(account)
  // Never viem's cached block number (4 s by default): a transaction just sent must show.
  const latest = await client.getBlockNumber({ cacheTime: 0 })
  const blocks = await Promise.all(Array.from({ length: Number(latest) }, (_, i) => client.getBlock({ blockNumber: BigInt(i + 1), includeTransactions: true })))
  const logs = [
    ...(await client.getLogs({ fromBlock: 0n, toBlock: latest, event: TRANSFER, args: { from: me } } as never)),
    ...(await client.getLogs({ fromBlock: 0n, toBlock: latest, event: TRANSFER, args: { to: me } } as never)),
  ] as unknown as { address: Address; topics: Hex[]; data: Hex; transactionHash: Hex; logIndex: number }[]
  const byTx = new Map<Hex, HistoryTransfer[]>()
  const seen = new Set<string>()
  /** Transactions that minted to the account (a Transfer from the zero address). */
  const mints = new Set<Hex>()
  for (const log of logs.sort((a, b) => a.logIndex - b.logIndex)) {
    const key = `${log.transactionHash}:${log.logIndex}`
    if (seen.has(key) || log.topics[0] !== TRANSFER_TOPIC) continue
    seen.add(key)
    const transfer = describeLog(log, assets, me)
    if (transfer && log.topics[1] === ZERO_TOPIC) mints.add(log.transactionHash)
    if (transfer) byTx.set(log.transactionHash, [...(byTx.get(log.transactionHash) ?? []), transfer])
  }
  const history: HistoryTransaction[] = []
  for (const block of blocks) {
    for (const tx of block.transactions) {
      if (typeof tx === 'string') continue
      const from = getAddress(tx.from)
      const to = tx.to ? getAddress(tx.to) : null
      const transfers = [...(tx.value > 0n && (from === me || to === me) ? [nativeTransfer(tx.value, from === me ? (to === me ? 'self' : 'out') : 'in')] : []), ...(byTx.get(tx.hash) ?? [])]
      if (from !== me && transfers.length === 0) continue
      const receipt = await client.getTransactionReceipt({ hash: tx.hash })
      const trade = from === me && assets.swap !== undefined && to === getAddress(assets.swap.address)
      if (trade) transfers.push(...ethPayouts(receipt.logs, me))
      history.push({
        id: `${tx.hash}:${chainId}`,
        metadata: {
          operationType: mints.has(tx.hash) ? 'mint' : trade ? 'trade' : from === me ? (transfers.length > 0 ? 'send' : 'execute') : 'receive',
          hash: tx.hash,
          minedAt: new Date(Number(block.timestamp) * 1000).toISOString(),
          sentFrom: from,
          sentTo: to,
          status: receipt.status === 'success' ? 'confirmed' : 'failed',
          nonce: tx.nonce,
          chain: `eip155:${chainId}`,
        },
        transfers,
      })
    }
  }
  return history.reverse()
}

/** The ETH a DevSwap swap paid to the account (its Swap events with ETH out). */
function ethPayouts(logs: readonly { topics: readonly Hex[]; data: Hex }[], me: Address): HistoryTransfer[] {
  return logs.flatMap((log) => {
    if (log.topics[0] !== SWAP_TOPIC) return []
    const { args } = decodeEventLog({ abi: [SWAP], topics: log.topics as [Hex, ...Hex[]], data: log.data })
    return getAddress(args.tokenOut) === NATIVE && getAddress(args.to) === me ? [nativeTransfer(args.amountOut, 'in')] : []
  })
}

function nativeTransfer(value: bigint, direction: HistoryTransfer['direction']): HistoryTransfer {
  const numeric = formatUnits(value, 18)
  const price = DEV_PRICES['ETH'] ?? 0
  return { fungible_info: { name: 'Ether', symbol: 'ETH' }, direction, quantity: { numeric }, price, value: Number(numeric) * price }
}

/** A dev asset's Transfer log as a transfer of the account; logs of other contracts are left out. */
function describeLog(log: { address: Address; topics: Hex[]; data: Hex }, assets: DevAssets, me: Address): HistoryTransfer | null {
  const contract = getAddress(log.address)
  const token = assets.tokens.find((t) => t.address === contract)
  if (token && log.topics.length === 3) {
    const { args } = decodeEventLog({ abi: [TRANSFER], topics: log.topics as [Hex, ...Hex[]], data: log.data })
    const numeric = formatUnits(args.value, token.decimals)
    const price = token.spam ? 0 : (DEV_PRICES[token.symbol] ?? 0)
    return {
      fungible_info: { name: token.name, symbol: token.symbol, ...(token.spam ? { flags: { is_spam: true } } : {}) },
      direction: direction(args.from, args.to, me),
      quantity: { numeric },
      price,
      value: Number(numeric) * price,
    }
  }
  if (contract === assets.collectibles.address && log.topics.length === 4) {
    const { args } = decodeEventLog({ abi: [NFT_TRANSFER], topics: log.topics as [Hex, ...Hex[]], data: log.data })
    return {
      nft_info: { name: nftName(assets.collectibles.name, args.tokenId), collection: assets.collectibles.name, token_id: String(args.tokenId), flags: { is_spam: false } },
      direction: args.from === ZERO ? 'in' : direction(args.from, args.to, me),
      quantity: { numeric: '1' },
    }
  }
  return null
}

function direction(from: Address, to: Address, me: Address): HistoryTransfer['direction'] {
  const out = getAddress(from) === me
  const into = getAddress(to) === me
  return out && into ? 'self' : out ? 'out' : 'in'
}
