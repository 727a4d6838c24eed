// @vitest-environment happy-dom
import { act } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, test } from 'vitest'
import * as networks from '../../../core/chains/networks.js'
import type { Network } from '../../../core/chains/types.js'
import { ConnectButton } from '../../components/ConnectButton.js'
import { $, click, openModal, render, testAirlock, waitFor } from '../../testing/renderAirlock.js'
import { SocialMark, WalletConnectMark, type BrandName } from './BrandMark.js'
import { NetworkMark } from './NetworkMark.js'
import { networkMarkName } from './networkMarks.js'

afterEach(() => {
  document.body.innerHTML = ''
})

const BRANDS: BrandName[] = ['google', 'x', 'discord', 'apple', 'github', 'facebook', 'farcaster', 'telegram']
const API = 'https://api.marks.test'

describe('brand marks', () => {
  test.each(BRANDS)('default: %s is a decorative inline SVG of its own', (brand) => {
    const markup = renderToStaticMarkup(<SocialMark provider={brand} />)
    expect(markup).toMatch(new RegExp(`^<svg class="mark" data-mark="${brand}" viewBox="0 0 24 24" aria-hidden="true" focusable="false">`))
    // Drawn, never fetched: no image, link, script, or style from anywhere.
    expect(markup).not.toMatch(/<image|<use|href|url\(|<script|<style|<foreignObject/i)
    expect(markup.length).toBeLessThan(1_500)
  })

  test('default: WalletConnect', () => {
    expect(renderToStaticMarkup(<WalletConnectMark />)).toContain('data-mark="walletconnect"')
  })

  test('behavior: the social buttons and the WalletConnect row show marks, with the same accessible names', async () => {
    // A project id turns the WalletConnect row on; the registry answers nothing here.
    const fetch = (async () => new Response('{}', { status: 404 })) as typeof globalThis.fetch
    const airlock = testAirlock({
      networks: [networks.airlockDevnet],
      secureSiteUrl: 'http://127.0.0.1:9',
      projectId: 'p1',
      apiUrl: API,
      deps: { fetch },
      features: { socials: ['google', 'x', 'discord', 'apple', 'github', 'facebook', 'farcaster'] },
    })
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    const socials = await waitFor(() => $(root, '[role="group"][aria-label="Social login"]'))
    const buttons = Array.from(socials.querySelectorAll('button'))
    expect(buttons.map((b) => b.getAttribute('aria-label') ?? b.querySelector('.row-name')?.textContent)).toEqual(['Continue with Google', 'Continue with X', 'Continue with Discord', 'Continue with Apple', 'Continue with GitHub', 'Continue with Facebook', 'Continue with Farcaster'])
    // No letter tiles left: each badge holds only its mark.
    expect(buttons.map((b) => b.querySelector('.badge svg.mark')?.getAttribute('data-mark'))).toEqual(['google', 'x', 'discord', 'apple', 'github', 'facebook', 'farcaster'])
    expect(buttons.map((b) => b.querySelector('.badge')?.textContent)).toEqual(Array(7).fill(''))
    const walletConnect = $(root, '[aria-label="WalletConnect QR code"]')
    expect(walletConnect.querySelector('.wallet-icon svg.mark')?.getAttribute('data-mark')).toBe('walletconnect')
  })

  test('behavior: the social login view shows the provider\'s mark', async () => {
    const airlock = testAirlock({ networks: [networks.airlockDevnet], secureSiteUrl: 'http://127.0.0.1:9', features: { socials: ['discord'] } })
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    click(await waitFor(() => $(root, '[role="group"][aria-label="Social login"] button')))
    // The view shows before its lazy parts have rendered (seen on a loaded machine): wait for the mark itself.
    const mark = await waitFor(() => $(root, '[data-airlock="connecting-social"] .badge svg.mark'))
    expect(mark.getAttribute('data-mark')).toBe('discord')
  })
})

describe('network marks', () => {
  test('default: the common built-in networks have their chain\'s mark (Solana and Bitcoin ones all theirs), other local and test networks the flask, others none', () => {
    const marks = Object.fromEntries(Object.entries(networks).flatMap(([name, value]) => (typeof value === 'object' && value && 'caipNetworkId' in value ? [[name, networkMarkName(value as Network)]] : [])))
    expect(marks).toMatchObject({
      ethereum: 'ethereum',
      sepolia: 'ethereum',
      polygon: 'polygon',
      arbitrum: 'arbitrum',
      optimism: 'optimism',
      base: 'base',
      bsc: 'bnb',
      avalanche: 'avalanche',
      solana: 'solana',
      solanaDevnet: 'solana',
      bitcoin: 'bitcoin',
      bitcoinSignet: 'bitcoin',
      airlockDevnet: 'test',
      airlockSolanaLocal: 'solana',
      airlockBitcoinRegtest: 'bitcoin',
      gnosis: null,
      celo: null,
    })
  })

  function renderMark(network: Network, options: Parameters<typeof testAirlock>[0] = {}) {
    const { container } = render(testAirlock({ apiUrl: API, ...options }), <NetworkMark network={network} />)
    return $(container, '.badge')
  }

  test('behavior: with a project id and an image id, the data service\'s asset image from the configured apiUrl', () => {
    const custom: Network = { ...networks.base, assets: { imageId: 'base/../x?y' } }
    const img = $<HTMLImageElement>(renderMark(custom, { projectId: 'p1' }), 'img')
    expect(img.getAttribute('src')).toMatch(new RegExp(`^${API}/public/getAssetImage/base%2F\\.\\.%2Fx%3Fy\\?projectId=p1&`))
    expect(img.getAttribute('alt')).toBe('')
  })

  test('behavior: without a project id, or once the image failed, the bundled mark; with neither, the first letter', () => {
    const custom: Network = { ...networks.base, assets: { imageId: 'abc' } }
    expect(renderMark(custom).querySelector('svg.mark')?.getAttribute('data-mark')).toBe('base')
    document.body.innerHTML = ''
    const badge = renderMark(custom, { projectId: 'p1' })
    act(() => $(badge, 'img').dispatchEvent(new Event('error')))
    expect(badge.querySelector('img')).toBeNull()
    expect(badge.querySelector('svg.mark')?.getAttribute('data-mark')).toBe('base')
    document.body.innerHTML = ''
    const letter = renderMark(networks.gnosis)
    expect(letter.textContent).toBe('G')
    expect(letter.getAttribute('aria-hidden')).toBe('true')
  })
})
