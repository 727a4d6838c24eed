import { afterAll, beforeAll, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS, freePort, startAnvil, type Anvil } from '../../examples/devnet/anvil.js'

let anvil: Anvil
beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort(), chainId: 31338 })
})
afterAll(() => anvil.stop())

test('behavior: anvil starts on the requested chain with funded dev accounts', async () => {
  expect(await anvil.rpc('eth_chainId')).toBe('0x7a6a')
  const balance = BigInt(await anvil.rpc<string>('eth_getBalance', [ANVIL_ACCOUNTS[0].address, 'latest']))
  expect(balance).toBe(10_000n * 10n ** 18n)
})
