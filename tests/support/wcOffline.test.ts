import { request } from 'node:http'
import { describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { startRelay } from '../../examples/devnet/relay.js'
import { launchChromium } from '../e2e/chromium.js'
import { memoryKeyValueStorage, recordOutboundRequests, verifyIframeHtml } from './wcOffline.js'

describe('recordOutboundRequests', () => {
  test('behavior: records local fetches and sockets, refuses remote ones', async () => {
    const relay = await startRelay()
    const outbound = recordOutboundRequests()
    try {
      const local = await fetch(relay.url.replace('ws:', 'http:'))
      expect(local.status).toBe(426)
      await expect(fetch('https://pulse.walletconnect.org/batch')).rejects.toThrow('refused a request to https://pulse.walletconnect.org')
      // ws (what the SDK's relay socket uses in Node) and plain http both end in net.Socket#connect.
      const ws = new WebSocket('wss://relay.walletconnect.org/')
      const wsError = await new Promise<Error>((resolve) => ws.once('error', resolve))
      expect(wsError.message).toContain('refused a connection to relay.walletconnect.org:443')
      const httpError = await new Promise<Error>((resolve) => request('http://example.com/').once('error', resolve).end())
      expect(httpError.message).toContain('refused a connection to example.com:80')
      expect(outbound.remote()).toEqual(['https://pulse.walletconnect.org/batch', 'relay.walletconnect.org:443', 'example.com:80'])
      expect(outbound.all).toContain(`127.0.0.1:${relay.port}`)
    } finally {
      outbound.restore()
      await relay.close()
    }
  })
})

describe('memoryKeyValueStorage', () => {
  test('behavior: stores JSON copies and lists keys and entries', async () => {
    const storage = memoryKeyValueStorage()
    const value = { a: [1, 2] }
    await storage.setItem('k', value)
    value.a.push(3)
    expect(await storage.getItem('k')).toEqual({ a: [1, 2] })
    expect(await storage.getKeys()).toEqual(['k'])
    expect(await storage.getEntries()).toEqual([['k', { a: [1, 2] }]])
    await storage.removeItem('k')
    expect(await storage.getItem('k')).toBeUndefined()
  })
})

test('verifyIframeHtml: answers the SDK verify iframe in Chromium with a JWT carrying the requested id', async () => {
  const browser = await launchChromium()
  try {
    const context = await browser.newContext()
    await context.route('https://verify.walletconnect.org/**', (route) => route.fulfill({ contentType: 'text/html', body: verifyIframeHtml() }))
    const page = await context.newPage()
    await page.setContent('<!doctype html><title>dapp</title>')
    // What @walletconnect/core's Verify.register does: a hidden iframe, then wait for its message.
    const payload = await page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          window.addEventListener('message', (event) => {
            const data = JSON.parse(event.data as string) as { type: string; attestation: string }
            if (data.type !== 'verify_attestation') return
            const part = data.attestation.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')
            resolve(JSON.parse(atob(part)))
          })
          const iframe = document.createElement('iframe')
          iframe.src = 'https://verify.walletconnect.org/v3/attestation?projectId=p&origin=x&id=abc123&decryptedId=def'
          iframe.style.display = 'none'
          document.body.append(iframe)
        }),
    )
    expect(payload).toMatchObject({ id: 'abc123', origin: 'x', isScam: false })
  } finally {
    await browser.close()
  }
})
