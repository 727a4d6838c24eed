// @vitest-environment happy-dom
import { getWallets } from '@wallet-standard/app'
import { registerWallet } from '@wallet-standard/wallet'
import { expect, test } from 'vitest'
import { createSolanaTestWallet } from '../../examples/devnet/wallets/solanaTestWallet.js'

test('registered the way browser wallets are, it is found by @wallet-standard/app with its features', () => {
  const { get, on } = getWallets()
  const seen: string[] = []
  const off = on('register', (...wallets) => seen.push(...wallets.map((w) => w.name)))
  const wallet = createSolanaTestWallet({ name: 'Unfamiliar Sol', rpcUrls: { 'solana:AirLockLocaLSo1ana11111111111111': 'http://127.0.0.1:8899' } })
  registerWallet(wallet)
  expect(seen).toEqual(['Unfamiliar Sol'])
  const found = get().find((w) => w.name === 'Unfamiliar Sol')
  expect(found?.chains).toEqual(['solana:AirLockLocaLSo1ana11111111111111'])
  expect(Object.keys(found!.features).sort()).toEqual(['solana:signAndSendTransaction', 'solana:signMessage', 'solana:signTransaction', 'standard:connect', 'standard:disconnect', 'standard:events'])
  off()
  registerWallet(createSolanaTestWallet({ name: 'Second', rpcUrls: {} }))
  expect(seen).toEqual(['Unfamiliar Sol'])
  expect(get().map((w) => w.name)).toEqual(['Unfamiliar Sol', 'Second'])
})
