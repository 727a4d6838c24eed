import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { FOREIGN_ORIGIN_MESSAGE, startRelay, type Relay } from '../../examples/devnet/relay.js'

/**
 * Issue L-13: browsers let any page open a websocket to 127.0.0.1 and send that page's Origin, so
 * the dev relay accepts only pages on this machine, and Node clients (the SDK in tests, the
 * mobile wallet's Node side), which send no Origin.
 */
let relay: Relay
beforeAll(async () => {
  relay = await startRelay()
})
afterAll(() => relay?.close())

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const auth = (iss: string) => `${b64({ alg: 'EdDSA', typ: 'JWT' })}.${b64({ iss, sub: 'x', aud: 'ws://127.0.0.1', iat: 1, exp: 2 })}.sig`

/** Opens a socket with that Origin (none when undefined): 'open', or the HTTP status and body of the refusal. */
function open(origin: string | undefined, iss = 'did:key:z6MkOrigin'): Promise<{ opened: true; clients: string[] } | { opened: false; status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${relay.url}/?auth=${auth(iss)}&projectId=test`, origin === undefined ? {} : { origin })
    ws.once('open', () => {
      const clients = relay.connectedClients()
      ws.close()
      resolve({ opened: true, clients })
    })
    ws.once('unexpected-response', (_req, res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ opened: false, status: res.statusCode ?? 0, body }))
    })
    ws.once('error', (error) => (ws.readyState === WebSocket.CLOSED ? undefined : reject(error)))
  })
}

describe('dev relay origin check', () => {
  test('default: Node clients (no Origin) and pages on localhost, 127.0.0.1 or [::1] connect', async () => {
    for (const [i, origin] of [undefined, 'http://localhost:5173', 'http://127.0.0.1:4173', 'http://[::1]:3000'].entries()) {
      expect(await open(origin, `did:key:z6MkOk${i}`), String(origin)).toMatchObject({ opened: true, clients: expect.arrayContaining([`did:key:z6MkOk${i}`]) })
    }
  })

  test.each(['https://evil.example', 'http://localhost.evil.example:5173', 'http://10.0.0.7:5173', 'null', 'file://'])('error: a page on %s is refused with a 403 before it is a client', async (origin) => {
    expect(await open(origin, 'did:key:z6MkEvil')).toEqual({ opened: false, status: 403, body: FOREIGN_ORIGIN_MESSAGE })
    expect(relay.connectedClients()).not.toContain('did:key:z6MkEvil')
  })
})
