import { createPublicClient, createWalletClient, defineChain, getContractAddress, http, parseUnits, type Abi, type Address, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { ANVIL_ACCOUNTS } from '../anvil.js'
import { readDevArtifacts } from './compileDevContracts.js'

/** Anvil's dev mnemonic; its 10th account deploys the dev assets (no test or demo sends from it). */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'
export const DEV_DEPLOYER = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 9 })

/** Fixed dev prices in USD, by symbol (ETH for the native currency); the spam token has none. */
export const DEV_PRICES: Readonly<Record<string, number>> = { ETH: 3000, SOL: 150, dUSD: 1, ADT: 2.5 }

export interface DevToken {
  readonly address: Address
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  /** A token a data service would flag as spam (an unsolicited "airdrop"). */
  readonly spam: boolean
}

export interface DevAssets {
  readonly tokens: readonly DevToken[]
  readonly collectibles: { readonly address: Address; readonly name: string; readonly symbol: string }
  /** The dev swap (DevSwap.sol): an ETH pool for each non-spam token, priced at DEV_PRICES. */
  readonly swap: { readonly address: Address }
}

const TOKENS = [
  { name: 'Airlock Dev USD', symbol: 'dUSD', decimals: 6, supply: '1000000', each: '1000', spam: false },
  { name: 'Airlock Dev Token', symbol: 'ADT', decimals: 18, supply: '1000000', each: '50', spam: false },
  { name: 'Free Airdrop Claim', symbol: 'CLAIM', decimals: 18, supply: '1000000', each: '1000', spam: true },
] as const
/** Who gets what: every dev account the demo and tests use holds the tokens; NFTs #1-#2 go to account 0, #3 to account 1. */
const HOLDERS = ANVIL_ACCOUNTS.slice(0, 5).map((a) => a.address)
const NFT_OWNERS = [ANVIL_ACCOUNTS[0].address, ANVIL_ACCOUNTS[0].address, ANVIL_ACCOUNTS[1].address]
/** ETH in each swap pool; the token side is set so the pool's price is the dev price (100 ETH against 300 000 dUSD). */
export const DEV_POOL_ETH = 100n

/**
 * Deploys the dev stack's ERC-20 tokens (one with 6 decimals, one flagged as spam) and an ERC-721
 * collection on a fresh anvil chain from the deployer account, then pays the tokens to the dev
 * accounts and mints the NFTs; last it deploys the dev swap and seeds its pools at the dev prices.
 * The deployer's first transactions make the addresses the same on every fresh chain. `metadataBaseUrl` + token id is each NFT's `tokenURI`.
 * @example const assets = await deployDevAssets(anvil.rpcUrl, 31337, `${gateway.url}/dev/nft/31337/`)
 */
export async function deployDevAssets(rpcUrl: string, chainId: number, metadataBaseUrl: string, root = process.cwd()): Promise<DevAssets> {
  const artifacts = readDevArtifacts(root)
  const chain = defineChain({ id: chainId, name: `Anvil ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })
  const wallet = createWalletClient({ account: DEV_DEPLOYER, chain, transport: http(rpcUrl) })
  const reader = createPublicClient({ chain, transport: http(rpcUrl) })
  const start = await reader.getTransactionCount({ address: DEV_DEPLOYER.address })
  if (start !== 0) throw new Error(`the dev deployer ${DEV_DEPLOYER.address} has sent transactions on chain ${chainId} already: dev assets need a fresh chain`)
  let nonce = start
  const send = async (hash: Promise<Hex>) => {
    const receipt = await reader.waitForTransactionReceipt({ hash: await hash })
    if (receipt.status !== 'success') throw new Error(`dev asset transaction ${receipt.transactionHash} reverted on chain ${chainId}`)
    nonce += 1
  }
  const deploy = async (abi: Abi, bytecode: Hex, args: readonly unknown[]): Promise<Address> => {
    const address = getContractAddress({ from: DEV_DEPLOYER.address, nonce: BigInt(nonce) })
    await send(wallet.deployContract({ abi, bytecode, args, nonce }))
    return address
  }
  const tokens: DevToken[] = []
  for (const token of TOKENS) {
    const address = await deploy(artifacts.DevToken.abi as Abi, artifacts.DevToken.bytecode, [token.name, token.symbol, token.decimals, parseUnits(token.supply, token.decimals)])
    tokens.push({ address, name: token.name, symbol: token.symbol, decimals: token.decimals, spam: token.spam })
  }
  const collectibles = { address: await deploy(artifacts.DevCollectibles.abi as Abi, artifacts.DevCollectibles.bytecode, ['Airlock Dev Collectibles', 'ADC', metadataBaseUrl]), name: 'Airlock Dev Collectibles', symbol: 'ADC' }
  for (const [i, token] of TOKENS.entries()) {
    // The spam token lands only on the first account, as an unsolicited airdrop would.
    for (const holder of token.spam ? HOLDERS.slice(0, 1) : HOLDERS) {
      await send(wallet.writeContract({ address: tokens[i]!.address, abi: artifacts.DevToken.abi as Abi, functionName: 'transfer', args: [holder, parseUnits(token.each, token.decimals)], nonce }))
    }
  }
  for (const owner of NFT_OWNERS) await send(wallet.writeContract({ address: collectibles.address, abi: artifacts.DevCollectibles.abi as Abi, functionName: 'mint', args: [owner], nonce }))
  // The swap comes last, so every address above stays what it was before it existed.
  const swap = { address: await deploy(artifacts.DevSwap.abi as Abi, artifacts.DevSwap.bytecode, []) }
  for (const token of tokens.filter((t) => !t.spam)) {
    const tokenAmount = parseUnits(String(Number(DEV_POOL_ETH) * (DEV_PRICES.ETH! / DEV_PRICES[token.symbol]!)), token.decimals)
    await send(wallet.writeContract({ address: token.address, abi: artifacts.DevToken.abi as Abi, functionName: 'approve', args: [swap.address, tokenAmount], nonce }))
    await send(wallet.writeContract({ address: swap.address, abi: artifacts.DevSwap.abi as Abi, functionName: 'addLiquidity', args: [token.address, tokenAmount], value: parseUnits(String(DEV_POOL_ETH), 18), nonce }))
  }
  return { tokens, collectibles, swap }
}
