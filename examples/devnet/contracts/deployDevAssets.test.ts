import { createPublicClient, erc20Abi, getContractAddress, http, parseUnits, type Abi } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS, freePort, startAnvil, type Anvil } from '../anvil.js'
import { compileDevContracts, readDevArtifacts } from './compileDevContracts.js'
import { DEV_DEPLOYER, deployDevAssets, type DevAssets } from './deployDevAssets.js'

/** The dev stack's tokens and NFTs (issue 14 deliver 9), on a real anvil. */
describe('dev assets on anvil', () => {
  let anvil: Anvil
  let assets: DevAssets
  beforeAll(async () => {
    anvil = await startAnvil({ port: await freePort(), chainId: 31337 })
    assets = await deployDevAssets(anvil.rpcUrl, 31337, 'http://127.0.0.1:8787/dev/nft/31337/')
  }, 60_000)
  afterAll(async () => {
    await anvil?.stop()
  })

  test('default: the committed build is what the sources compile to (solc-js, exact version)', () => {
    expect(compileDevContracts()).toEqual(readDevArtifacts())
  })

  test('behavior: the tokens and the collection land with the dev accounts holding them, at addresses fixed by the deployer', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const [usd, adt, claim] = assets.tokens
    expect(assets.tokens.map((t) => [t.symbol, t.decimals, t.spam])).toEqual([['dUSD', 6, false], ['ADT', 18, false], ['CLAIM', 18, true]])
    const read = (address: `0x${string}`, functionName: 'balanceOf' | 'decimals' | 'symbol', args: readonly unknown[] = []) => client.readContract({ address, abi: erc20Abi, functionName, args } as never)
    expect(await read(usd!.address, 'decimals')).toBe(6)
    expect(await read(usd!.address, 'symbol')).toBe('dUSD')
    for (const holder of ANVIL_ACCOUNTS.slice(0, 5)) {
      expect(await read(usd!.address, 'balanceOf', [holder.address])).toBe(parseUnits('1000', 6))
      expect(await read(adt!.address, 'balanceOf', [holder.address])).toBe(parseUnits('50', 18))
    }
    expect(await read(claim!.address, 'balanceOf', [ANVIL_ACCOUNTS[0].address])).toBe(parseUnits('1000', 18))
    expect(await read(claim!.address, 'balanceOf', [ANVIL_ACCOUNTS[1].address])).toBe(0n)
    const nft = { address: assets.collectibles.address, abi: readDevArtifacts().DevCollectibles.abi as Abi }
    expect(await client.readContract({ ...nft, functionName: 'ownerOf', args: [1n] })).toBe(ANVIL_ACCOUNTS[0].address)
    expect(await client.readContract({ ...nft, functionName: 'ownerOf', args: [3n] })).toBe(ANVIL_ACCOUNTS[1].address)
    expect(await client.readContract({ ...nft, functionName: 'balanceOf', args: [ANVIL_ACCOUNTS[0].address] })).toBe(2n)
    expect(await client.readContract({ ...nft, functionName: 'tokenURI', args: [3n] })).toBe('http://127.0.0.1:8787/dev/nft/31337/3')
    expect(await client.readContract({ ...nft, functionName: 'supportsInterface', args: ['0x80ac58cd'] })).toBe(true)
    // Deployed by the deployer's first transactions: the same addresses on every fresh chain.
    const at = (nonce: number) => getContractAddress({ from: DEV_DEPLOYER.address, nonce: BigInt(nonce) })
    expect([...assets.tokens.map((t) => t.address), assets.collectibles.address]).toEqual([at(0), at(1), at(2), at(3)])
  })

  test('behavior: the dev swap comes last, its pools priced at the dev prices (ETH 3000 USD, ADT 2.5)', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const [usd, adt, claim] = assets.tokens
    const swap = { address: assets.swap.address, abi: readDevArtifacts().DevSwap.abi as Abi }
    // After 3 tokens, the collection, 11 token payouts and 3 mints: the existing addresses did not move.
    expect(assets.swap.address).toBe(getContractAddress({ from: DEV_DEPLOYER.address, nonce: 18n }))
    expect(await client.readContract({ ...swap, functionName: 'reserves', args: [usd!.address] })).toEqual([parseUnits('100', 18), parseUnits('300000', 6)])
    expect(await client.readContract({ ...swap, functionName: 'reserves', args: [adt!.address] })).toEqual([parseUnits('100', 18), parseUnits('120000', 18)])
    expect(await client.readContract({ ...swap, functionName: 'reserves', args: [claim!.address] })).toEqual([0n, 0n])
    expect(await client.getBalance({ address: assets.swap.address })).toBe(parseUnits('200', 18))
    expect(await client.readContract({ address: usd!.address, abi: erc20Abi, functionName: 'balanceOf', args: [assets.swap.address] })).toBe(parseUnits('300000', 6))
  })

  test('error: a chain where the deployer already sent something is refused (the addresses would differ)', async () => {
    await expect(deployDevAssets(anvil.rpcUrl, 31337, 'http://127.0.0.1:8787/dev/nft/31337/')).rejects.toThrow(`the dev deployer ${DEV_DEPLOYER.address} has sent transactions on chain 31337 already`)
  })
})
