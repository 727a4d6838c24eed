import { createPublicClient, createWalletClient, decodeFunctionData, erc20Abi, http, maxUint256, parseUnits, type Abi, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS, freePort, startAnvil, type Anvil } from './anvil.js'
import { readDevArtifacts } from './contracts/compileDevContracts.js'
import { deployDevAssets, type DevAssets } from './contracts/deployDevAssets.js'
import { devSwapAbi } from './contracts/devSwapAbi.js'
import { createConvertApi, SWAP_GAS_LIMIT } from './convertApi.js'
import { startGateway, type Gateway } from './gateway.js'

interface BuiltTx {
  from: Address
  to: Address
  data: Hex
  value: Hex
  eip155: { gas?: string; gasPrice: string }
}

/** The dev swap service (issue 17 part 3): Reown's `/v1/convert/*` shapes, settled by DevSwap pools on a real anvil. */
describe('dev swap service', () => {
  let anvil: Anvil
  let gateway: Gateway
  let assets: DevAssets
  const NATIVE = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
  const caip = (address: Address) => `eip155:31337:${address}`
  beforeAll(async () => {
    anvil = await startAnvil({ port: await freePort(), chainId: 31337 })
    const api = createConvertApi()
    gateway = await startGateway({ port: 0, routes: api.route })
    assets = await deployDevAssets(anvil.rpcUrl, 31337, `${gateway.url}/dev/nft/31337/`)
    // 31338 names a node that is not running: its calls are the 502 case.
    api.setChains([{ chainId: 31337, rpcUrl: anvil.rpcUrl, assets }, { chainId: 31338, rpcUrl: `http://127.0.0.1:${await freePort()}`, assets }])
  }, 60_000)
  afterAll(async () => {
    await gateway?.close()
    await anvil?.stop()
  })

  const reader = () => createPublicClient({ transport: http(anvil.rpcUrl) })
  const get = async <T>(path: string, query: Record<string, string>) => {
    const response = await fetch(`${gateway.url}/v1/convert/${path}?${new URLSearchParams({ projectId: 'airlock-dev', ...query })}`)
    return { status: response.status, body: (await response.json()) as T & { message?: string } }
  }
  const buildSwap = async (body: Record<string, unknown>) => {
    const response = await fetch(`${gateway.url}/v1/convert/build-transaction`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ projectId: 'airlock-dev', eip155: { slippage: 1 }, ...body }) })
    return { status: response.status, body: (await response.json()) as { tx: BuiltTx; message?: string } }
  }
  const quote = async (from: string, to: string, amount: bigint) => (await get<{ quotes: { toAmount: string }[] }>('quotes', { from, to, amount: String(amount), userAddress: ANVIL_ACCOUNTS[0].address })).body.quotes[0]!
  /** Sends a built transaction from a dev account as a wallet would, with the gas it names. */
  const send = async (account: (typeof ANVIL_ACCOUNTS)[number], tx: BuiltTx) => {
    const wallet = createWalletClient({ account: privateKeyToAccount(account.privateKey), transport: http(anvil.rpcUrl) })
    const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value), ...(tx.eip155.gas ? { gas: BigInt(tx.eip155.gas) } : {}), chain: null })
    return reader().waitForTransactionReceipt({ hash })
  }
  const reserves = (token: Address) => reader().readContract({ address: assets.swap.address, abi: devSwapAbi, functionName: 'reserves', args: [token] })
  const tokenBalance = (token: Address, owner: Address) => reader().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  /** Uniswap v2's output for one hop, 0.3% fee. */
  const hop = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) => (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)

  test('default: tokens lists the native coin first, then dUSD and ADT, never the spam token', async () => {
    const { status, body } = await get<{ tokens: unknown[] }>('tokens', { chainId: 'eip155:31337' })
    const [usd, adt] = assets.tokens
    expect(status).toBe(200)
    expect(body.tokens).toEqual([
      { name: 'Ether', symbol: 'ETH', address: NATIVE, decimals: 18, logoUri: `${gateway.url}/v1/token-icon/ETH`, eip2612: false },
      { name: 'Airlock Dev USD', symbol: 'dUSD', address: caip(usd!.address).toLowerCase(), decimals: 6, logoUri: `${gateway.url}/v1/token-icon/dUSD`, eip2612: false },
      { name: 'Airlock Dev Token', symbol: 'ADT', address: caip(adt!.address).toLowerCase(), decimals: 18, logoUri: `${gateway.url}/v1/token-icon/ADT`, eip2612: false },
    ])
  })

  test('behavior: a quote is the pool math at the live reserves, token to token through ETH', async () => {
    // The service's ABI is the compiled contract's.
    const compiled = readDevArtifacts().DevSwap.abi as Abi
    for (const entry of devSwapAbi) {
      const types = (params: readonly { type: string }[]) => params.map(({ type }) => expect.objectContaining({ type }))
      expect(compiled.find((c) => c.type === 'function' && c.name === entry.name)).toMatchObject({ stateMutability: entry.stateMutability, inputs: types(entry.inputs), outputs: types(entry.outputs) })
    }
    const [usd, adt] = assets.tokens
    const [usdEth, usdTokens] = await reserves(usd!.address)
    const [adtEth, adtTokens] = await reserves(adt!.address)
    const oneEth = parseUnits('1', 18)
    const { body } = await get<{ quotes: unknown[] }>('quotes', { from: NATIVE, to: caip(usd!.address), amount: String(oneEth), userAddress: `eip155:31337:${ANVIL_ACCOUNTS[0].address}`, gasPrice: '1000000000' })
    expect(body.quotes).toEqual([{ id: null, fromAmount: String(oneEth), fromAccount: NATIVE, toAmount: String(hop(oneEth, usdEth, usdTokens)), toAccount: caip(usd!.address).toLowerCase() }])
    // ~2961 dUSD for 1 ETH at 3000: the fee and the pool's depth.
    expect(hop(oneEth, usdEth, usdTokens) / 1_000_000n).toBe(2961n)
    const hundred = parseUnits('100', 6)
    expect((await quote(caip(usd!.address), NATIVE, hundred)).toAmount).toBe(String(hop(hundred, usdTokens, usdEth)))
    expect((await quote(caip(usd!.address), caip(adt!.address), hundred)).toAmount).toBe(String(hop(hop(hundred, usdTokens, usdEth), adtEth, adtTokens)))
  })

  test('behavior: ETH to dUSD, built and sent from a dev account, moves its balances and the pool as quoted', async () => {
    const user = ANVIL_ACCOUNTS[5]
    const [usd] = assets.tokens
    const amount = parseUnits('0.5', 18)
    const { toAmount } = await quote(NATIVE, caip(usd!.address), amount)
    const [ethBefore, usdBefore] = await reserves(usd!.address)
    const balanceBefore = await reader().getBalance({ address: user.address })
    const { status, body } = await buildSwap({ userAddress: user.address, from: NATIVE, to: caip(usd!.address), amount: String(amount) })
    expect(status).toBe(200)
    expect(body.tx).toMatchObject({ from: user.address, to: assets.swap.address, value: '0x6f05b59d3b20000' })
    // The minimum received is the quote less the 1% slippage asked for.
    const call = decodeFunctionData({ abi: devSwapAbi, data: body.tx.data })
    expect(call).toEqual({ functionName: 'swap', args: ['0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', usd!.address, amount, (BigInt(toAmount) * 99n) / 100n, user.address] })
    // Estimated (disableEstimate not set): a real limit, under the fixed one.
    expect(BigInt(body.tx.eip155.gas!)).toBeLessThan(SWAP_GAS_LIMIT)
    const receipt = await send(user, body.tx)
    expect(receipt.status).toBe('success')
    expect(await tokenBalance(usd!.address, user.address)).toBe(BigInt(toAmount))
    expect(await reader().getBalance({ address: user.address })).toBe(balanceBefore - amount - receipt.gasUsed * receipt.effectiveGasPrice)
    expect(await reserves(usd!.address)).toEqual([ethBefore + amount, usdBefore - BigInt(toAmount)])
  })

  test('behavior: dUSD to ETH shows a short allowance; build-approve\'s transaction sets it; then the swap settles', async () => {
    const user = ANVIL_ACCOUNTS[3]
    const [usd] = assets.tokens
    const amount = parseUnits('250', 6)
    const allowance = async () => (await get<{ allowance: string }>('allowance', { tokenAddress: caip(usd!.address), userAddress: `eip155:31337:${user.address}` })).body.allowance
    expect(await allowance()).toBe('0')
    const approve = await get<{ tx: BuiltTx }>('build-approve', { userAddress: user.address, from: caip(usd!.address), to: NATIVE, amount: String(amount) })
    expect(approve.body.tx).toMatchObject({ from: user.address, to: usd!.address, value: '0x0' })
    expect((await send(user, approve.body.tx)).status).toBe('success')
    expect(await allowance()).toBe(String(amount))
    const { toAmount } = await quote(caip(usd!.address), NATIVE, amount)
    const { body } = await buildSwap({ userAddress: `eip155:31337:${user.address}`, from: caip(usd!.address), to: NATIVE, amount: String(amount), disableEstimate: true })
    expect(body.tx).toMatchObject({ to: assets.swap.address, value: '0x0', eip155: { gas: String(SWAP_GAS_LIMIT) } })
    const ethBefore = await reader().getBalance({ address: user.address })
    const receipt = await send(user, body.tx)
    expect(receipt.status).toBe('success')
    expect(await tokenBalance(usd!.address, user.address)).toBe(parseUnits('750', 6))
    expect(await reader().getBalance({ address: user.address })).toBe(ethBefore + BigInt(toAmount) - receipt.gasUsed * receipt.effectiveGasPrice)
    expect(await allowance()).toBe('0')
    // The native coin needs no allowance.
    expect(await get('allowance', { tokenAddress: NATIVE, userAddress: user.address })).toEqual({ status: 200, body: { allowance: String(maxUint256) } })
  })

  test('error: a swap whose price moved past the slippage reverts with the minimum unmet', async () => {
    const [, adt] = assets.tokens
    const amount = parseUnits('1', 18)
    const late = await buildSwap({ userAddress: ANVIL_ACCOUNTS[4].address, from: NATIVE, to: caip(adt!.address), amount: String(amount), eip155: { slippage: '1' }, disableEstimate: true })
    // Someone else buys ADT first: 5 ETH moves the price by ~10%, past the 1% allowed.
    const first = await buildSwap({ userAddress: ANVIL_ACCOUNTS[2].address, from: NATIVE, to: caip(adt!.address), amount: String(parseUnits('5', 18)) })
    expect((await send(ANVIL_ACCOUNTS[2], first.body.tx)).status).toBe('success')
    await expect(reader().call({ account: ANVIL_ACCOUNTS[4].address, to: late.body.tx.to, data: late.body.tx.data, value: BigInt(late.body.tx.value) })).rejects.toThrow('DevSwap: insufficient output')
    expect((await send(ANVIL_ACCOUNTS[4], late.body.tx)).status).toBe('reverted')
    // Asked for an estimate, the service builds at the new price instead.
    expect((await buildSwap({ userAddress: ANVIL_ACCOUNTS[4].address, from: NATIVE, to: caip(adt!.address), amount: String(amount) })).status).toBe(200)
  })

  test('behavior: gas-price answers the chain\'s price in three tiers', async () => {
    const { status, body } = await get<{ standard: string; fast: string; instant: string }>('gas-price', { chainId: 'eip155:31337' })
    expect(status).toBe(200)
    expect(body.standard).toBe(String(await reader().getGasPrice()))
    expect(BigInt(body.fast)).toBeGreaterThanOrEqual(BigInt(body.standard))
    expect(BigInt(body.instant)).toBeGreaterThanOrEqual(BigInt(body.fast))
  })

  test('error: bad inputs are 400s that name the field', async () => {
    const [usd, , claim] = assets.tokens
    const user = ANVIL_ACCOUNTS[0].address
    const quoteWith = (query: Record<string, string>) => get('quotes', { from: NATIVE, to: caip(usd!.address), amount: '1000', userAddress: user, ...query })
    expect(await quoteWith({ amount: '0' })).toEqual({ status: 400, body: { message: 'Invalid quotes request: amount: Expected an amount above 0' } })
    expect(await quoteWith({ amount: '1.5' })).toEqual({ status: 400, body: { message: 'Invalid quotes request: amount: Expected an amount in base units (digits only)' } })
    expect(await quoteWith({ amount: String(maxUint256 + 1n) })).toEqual({ status: 400, body: { message: 'Invalid quotes request: amount: Expected an amount within uint256' } })
    expect(await quoteWith({ from: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' })).toEqual({ status: 400, body: { message: 'Invalid quotes request: from: Expected a CAIP-10 token address, e.g. "eip155:1:0x…"' } })
    expect(await quoteWith({ userAddress: 'nobody' })).toEqual({ status: 400, body: { message: 'Invalid quotes request: userAddress: Expected an EVM address or a CAIP-10 account' } })
    expect((await get('quotes', { from: NATIVE, to: caip(usd!.address), userAddress: user })).body).toEqual({ message: 'Invalid quotes request: amount: Required' })
    expect((await quoteWith({ to: caip(claim!.address) })).body).toEqual({ message: `Token not supported for Swaps: ${caip(claim!.address)}` })
    expect((await quoteWith({ to: NATIVE })).body).toEqual({ message: 'from and to must be different tokens' })
    // Past what the contract's math holds: the pool's own revert, still a 400.
    expect((await quoteWith({ amount: String(maxUint256) })).body.message).toMatch(/^The pool cannot quote this amount: /)
    expect((await buildSwap({ userAddress: user, from: NATIVE, to: caip(usd!.address), amount: '1000', eip155: { slippage: 80 } })).body).toEqual({ message: 'Invalid swap transaction request: eip155.slippage: Number must be less than or equal to 50' })
    const raw = await fetch(`${gateway.url}/v1/convert/build-transaction`, { method: 'POST', body: '{not json' })
    expect([raw.status, await raw.json()]).toEqual([400, { message: 'Invalid JSON body' }])
    expect((await get('build-approve', { userAddress: user, from: NATIVE, to: caip(usd!.address) })).body).toEqual({ message: 'The native coin needs no approval' })
    expect((await get('tokens', { chainId: 'cosmos:hub' })).body).toEqual({ message: 'Invalid tokens request: chainId: Expected an EVM CAIP-2 network id, e.g. "eip155:1"' })
  })

  test('error: an unknown chain is not supported; a chain that does not answer is a 502', async () => {
    const unsupported = { status: 400, body: { message: 'Network not supported for Swaps' } }
    expect(await get('tokens', { chainId: 'eip155:1' })).toEqual(unsupported)
    expect(await get('quotes', { from: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', to: `eip155:1:${assets.tokens[0]!.address}`, amount: '1', userAddress: ANVIL_ACCOUNTS[0].address })).toEqual(unsupported)
    expect((await buildSwap({ userAddress: ANVIL_ACCOUNTS[0].address, from: 'eip155:10:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', to: `eip155:10:${assets.tokens[0]!.address}`, amount: '1' })).body).toEqual(unsupported.body)
    expect(await get('gas-price', { chainId: 'eip155:1' })).toEqual({ status: 400, body: { message: 'Network not supported for Gas Price' } })
    const down = await get('gas-price', { chainId: 'eip155:31338' })
    expect(down.status).toBe(502)
    expect(down.body.message).toMatch(/^The dev chain did not answer: /)
  })
})
