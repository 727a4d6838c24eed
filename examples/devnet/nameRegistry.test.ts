import { createPublicClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS, freePort, startAnvil, type Anvil } from './anvil.js'
import { startGateway, type Gateway } from './gateway.js'
import { chainIdOfCoinType, createNameRegistry, DEV_NAME_ZONE, type NameRegistry } from './nameRegistry.js'

/** The dev name service (issue 14 deliver 7): registrations signed for real, checked on a real anvil. */
describe('dev name registry', () => {
  const NOW = 1_764_000_000
  let anvil: Anvil
  let gateway: Gateway
  let registry: NameRegistry
  beforeAll(async () => {
    anvil = await startAnvil({ port: await freePort(), chainId: 31337 })
    registry = createNameRegistry(() => NOW)
    registry.setClients(new Map([[31337, createPublicClient({ transport: http(anvil.rpcUrl) })]]))
    gateway = await startGateway({ port: 0, routes: registry.route })
  }, 60_000)
  afterAll(async () => {
    await gateway?.close()
    await anvil?.stop()
  })

  const COIN_TYPE = (0x80000000 | 31337) >>> 0
  /** A registration as the Register Name view sends it: the message with name, empty attributes and unix seconds, signed by the wallet. */
  const signed = async (key: `0x${string}`, name: string, timestamp = NOW) => {
    const account = privateKeyToAccount(key)
    const message = JSON.stringify({ name, attributes: {}, timestamp })
    return { coin_type: COIN_TYPE, address: account.address, message, signature: await account.signMessage({ message }) }
  }
  const post = async (body: unknown) => {
    const response = await fetch(`${gateway.url}/v1/profile/account`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const get = async (path: string) => {
    const response = await fetch(`${gateway.url}${path}`)
    return { status: response.status, body: (await response.json()) as unknown }
  }

  test('default: a signed registration makes the name resolve both ways and become the identity', async () => {
    const ada = ANVIL_ACCOUNTS[0]
    const { status, body } = await post(await signed(ada.privateKey, `ada-dev.${DEV_NAME_ZONE}`))
    expect(status).toBe(200)
    expect(body).toMatchObject({ name: 'ada-dev.airlock.id', addresses: { [String(COIN_TYPE)]: { address: ada.address } } })
    expect((await get('/v1/profile/account/ada-dev.airlock.id')).body).toMatchObject({ name: 'ada-dev.airlock.id' })
    expect((await get(`/v1/profile/reverse/${ada.address.toLowerCase()}`)).body).toMatchObject([{ name: 'ada-dev.airlock.id' }])
    expect((await get(`/v1/identity/${ada.address}`)).body).toEqual({ name: 'ada-dev.airlock.id', avatar: null })
    expect((await get('/v1/profile/suggestions/ada-dev?zone=airlock.id')).body).toEqual({
      suggestions: [
        { name: 'ada-dev.airlock.id', registered: true },
        { name: 'ada-dev-1.airlock.id', registered: false },
        { name: 'ada-dev-dev.airlock.id', registered: false },
        { name: 'the-ada-dev.airlock.id', registered: false },
      ],
    })
  })

  test('hostile: a signature by another key, a taken name, an expired message, a bad label; each with its reason', async () => {
    const theirs = await signed(ANVIL_ACCOUNTS[1].privateKey, `mallory.${DEV_NAME_ZONE}`)
    expect(await post({ ...theirs, address: ANVIL_ACCOUNTS[2].address })).toEqual({ status: 401, body: { reasons: [{ description: 'Invalid signature' }] } })
    await post(await signed(ANVIL_ACCOUNTS[3].privateKey, `taken.${DEV_NAME_ZONE}`))
    expect((await post(await signed(ANVIL_ACCOUNTS[1].privateKey, `taken.${DEV_NAME_ZONE}`))).body).toEqual({ reasons: [{ description: 'Name is already taken' }] })
    expect((await post(await signed(ANVIL_ACCOUNTS[1].privateKey, `late-one.${DEV_NAME_ZONE}`, NOW - 3_600))).body).toEqual({ reasons: [{ description: 'Registration message expired' }] })
    for (const bad of ['abc.airlock.id', 'no_underscores.airlock.id', 'good-name.other.id']) {
      expect((await post(await signed(ANVIL_ACCOUNTS[1].privateKey, bad))).status).toBe(400)
    }
    expect((await get('/v1/profile/account/nobody.airlock.id')).body).toEqual({ reasons: [{ description: 'Name not found' }] })
    expect((await get('/v1/identity/0x000000000000000000000000000000000000dEaD')).body).toEqual({ name: null, avatar: null })
    expect(registry.names.has('mallory.airlock.id')).toBe(false)
  })

  test('unit: ENSIP-11 coin types', () => {
    expect(chainIdOfCoinType(60)).toBe(1)
    expect(chainIdOfCoinType(COIN_TYPE)).toBe(31337)
    expect(chainIdOfCoinType(501)).toBeNull()
  })
})
