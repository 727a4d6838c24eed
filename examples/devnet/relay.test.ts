import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { clientIdFromAuth, randomTopic, startRelay, subscriptionId, type Relay } from './relay.js'

let relay: Relay
beforeAll(async () => {
  relay = await startRelay()
})
afterAll(() => relay?.close())

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
/** An (unsigned) relay auth JWT for a client id, as the SDK puts it in the URL. */
const authFor = (iss: string) => `${b64({ alg: 'EdDSA', typ: 'JWT' })}.${b64({ iss, sub: 'x', aud: 'ws://127.0.0.1', iat: 1, exp: 2 })}.sig`

interface Frame {
  id?: unknown
  method?: string
  params?: { id: string; data: { topic: string; message: string; publishedAt: number; tag: number } }
  result?: unknown
  error?: { code: number; message: string }
}

/** A raw relay client: sends text frames, collects what comes back. */
async function connect(iss: string, { ack = true } = {}) {
  const ws = new WebSocket(`${relay.url}/?auth=${authFor(iss)}&projectId=test&ua=test`)
  const frames: Frame[] = []
  const raw: string[] = []
  ws.on('message', (data) => {
    const text = data.toString()
    raw.push(text)
    const frame = JSON.parse(text) as Frame
    frames.push(frame)
    if (ack && frame.method === 'irn_subscription') ws.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
  })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  let nextId = 1
  const waitFor = async <T>(pick: () => T | undefined, what: string): Promise<T> => {
    const started = performance.now()
    for (;;) {
      const found = pick()
      if (found !== undefined) return found
      if (performance.now() - started > 2_000) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(frames)}`)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }
  return {
    ws,
    frames,
    raw,
    /** Sends a request and resolves with its answer. */
    call: (method: string, params: unknown) => {
      const id = nextId++
      ws.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      return waitFor(() => frames.find((f) => f.id === id && f.method === undefined), `answer to ${method}`)
    },
    sendRaw: (text: string) => ws.send(text),
    waitFor,
    deliveries: () => frames.filter((f) => f.method === 'irn_subscription').map((f) => f.params!.data.message),
    close: () => new Promise<void>((resolve) => (ws.readyState === ws.CLOSED ? resolve() : (ws.once('close', () => resolve()), ws.close()))),
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('startRelay', () => {
  test('default: listens on 127.0.0.1 and answers plain HTTP with 426', async () => {
    expect(relay.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    const res = await fetch(relay.url.replace('ws:', 'http:'))
    expect(res.status).toBe(426)
  })

  test('behavior: irn_subscribe answers the id the SDK computes, sha256(topic + clientId) in hex', async () => {
    const client = await connect('did:key:zSubscriber')
    const topic = randomTopic()
    const answer = await client.call('irn_subscribe', { topic })
    expect(answer.result).toBe(createHash('sha256').update(topic + 'did:key:zSubscriber').digest('hex'))
    expect(answer.result).toBe(subscriptionId(topic, 'did:key:zSubscriber'))
    await client.close()
  })

  test('behavior: a message reaches the other subscriber, never its sender', async () => {
    const [alice, bob] = await Promise.all([connect('did:key:zAlice1'), connect('did:key:zBob1')])
    const topic = randomTopic()
    await alice.call('irn_subscribe', { topic })
    await bob.call('irn_subscribe', { topic })
    expect((await alice.call('irn_publish', { topic, message: 'hello', ttl: 300, tag: 1108 })).result).toBe(true)
    const delivered = await bob.waitFor(() => bob.frames.find((f) => f.method === 'irn_subscription'), 'delivery')
    expect(delivered.params).toMatchObject({ id: subscriptionId(topic, 'did:key:zBob1'), data: { topic, message: 'hello', tag: 1108 } })
    expect(typeof delivered.params!.data.publishedAt).toBe('number')
    await settle()
    expect(alice.deliveries()).toEqual([])
    await Promise.all([alice.close(), bob.close()])
  })

  test('behavior: a late subscriber gets the mailbox, in order', async () => {
    const [alice, bob] = await Promise.all([connect('did:key:zAlice2'), connect('did:key:zBob2')])
    const topic = randomTopic()
    await alice.call('irn_publish', { topic, message: 'one' })
    await alice.call('irn_publish', { topic, message: 'two' })
    await bob.call('irn_subscribe', { topic })
    await bob.waitFor(() => (bob.deliveries().length === 2 ? true : undefined), 'two deliveries')
    expect(bob.deliveries()).toEqual(['one', 'two'])
    await Promise.all([alice.close(), bob.close()])
  })

  test('behavior: delivery is remembered per client id, not per socket, across a reconnect', async () => {
    const alice = await connect('did:key:zAlice3')
    const topic = randomTopic()
    const bob = await connect('did:key:zBob3')
    await bob.call('irn_subscribe', { topic })
    await alice.call('irn_publish', { topic, message: 'seen' })
    await bob.waitFor(() => (bob.deliveries().length === 1 ? true : undefined), 'first delivery')
    await settle() // the ack is in
    await bob.close()
    await alice.call('irn_publish', { topic, message: 'missed' })

    // Same client id on a new socket: only what it has not acknowledged.
    const bobAgain = await connect('did:key:zBob3')
    await bobAgain.call('irn_batchSubscribe', { topics: [topic] })
    await bobAgain.waitFor(() => (bobAgain.deliveries().length === 1 ? true : undefined), 'missed delivery')
    await settle()
    expect(bobAgain.deliveries()).toEqual(['missed'])
    // Another client id still gets both.
    const carol = await connect('did:key:zCarol3')
    await carol.call('irn_subscribe', { topic })
    await carol.waitFor(() => (carol.deliveries().length === 2 ? true : undefined), 'both deliveries')
    await Promise.all([alice.close(), bobAgain.close(), carol.close()])
  })

  test('behavior: an unacknowledged delivery is sent again after a reconnect', async () => {
    const alice = await connect('did:key:zAlice4')
    const bob = await connect('did:key:zBob4', { ack: false })
    const topic = randomTopic()
    await bob.call('irn_subscribe', { topic })
    await alice.call('irn_publish', { topic, message: 'unacked' })
    await bob.waitFor(() => (bob.deliveries().length === 1 ? true : undefined), 'delivery')
    await bob.close()
    const bobAgain = await connect('did:key:zBob4')
    await bobAgain.call('irn_subscribe', { topic })
    await bobAgain.waitFor(() => (bobAgain.deliveries().length === 1 ? true : undefined), 'redelivery')
    expect(bobAgain.deliveries()).toEqual(['unacked'])
    await Promise.all([alice.close(), bobAgain.close()])
  })

  test('behavior: irn_unsubscribe stops deliveries', async () => {
    const [alice, bob] = await Promise.all([connect('did:key:zAlice5'), connect('did:key:zBob5')])
    const topic = randomTopic()
    await bob.call('irn_subscribe', { topic })
    expect((await bob.call('irn_unsubscribe', { topic, id: subscriptionId(topic, 'did:key:zBob5') })).result).toBe(true)
    await alice.call('irn_publish', { topic, message: 'nobody listens' })
    await settle()
    expect(bob.deliveries()).toEqual([])
    await Promise.all([alice.close(), bob.close()])
  })

  test('behavior: wc_proposeSession and wc_approveSession subscribe the sender and publish on the right topics', async () => {
    const [dapp, wallet] = await Promise.all([connect('did:key:zDapp6'), connect('did:key:zWallet6')])
    const pairingTopic = randomTopic()
    const sessionTopic = randomTopic()
    expect((await dapp.call('wc_proposeSession', { pairingTopic, sessionProposal: 'proposal', ttl: 300, tag: 1100 })).result).toBe(true)
    await wallet.call('irn_subscribe', { topic: pairingTopic })
    await wallet.waitFor(() => (wallet.deliveries().length === 1 ? true : undefined), 'proposal')
    expect(await wallet.call('wc_approveSession', { sessionTopic, pairingTopic, sessionProposalResponse: 'response', sessionSettlementRequest: 'settle' })).toMatchObject({ result: true })
    // The dapp is on the pairing topic already (the relay subscribed it) and joins the session topic late.
    await dapp.waitFor(() => (dapp.deliveries().length === 1 ? true : undefined), 'response')
    await dapp.call('irn_subscribe', { topic: sessionTopic })
    await dapp.waitFor(() => (dapp.deliveries().length === 2 ? true : undefined), 'settlement')
    expect(dapp.deliveries()).toEqual(['response', 'settle'])
    expect(wallet.deliveries()).toEqual(['proposal'])
    await Promise.all([dapp.close(), wallet.close()])
  })

  test('behavior: a request id beyond 2^53 comes back exactly', async () => {
    const client = await connect('did:key:zBigId')
    client.sendRaw(`{"id":1795314149204827648,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${randomTopic()}"}}`)
    await client.waitFor(() => client.raw.find((r) => r.startsWith('{"id":1795314149204827648,')), 'exact id')
    await client.close()
  })

  test('error: malformed frames get a JSON-RPC error and the socket keeps working', async () => {
    const client = await connect('did:key:zMalformed')
    client.sendRaw('not json {')
    client.sendRaw('{"hello":"world"}')
    const parseError = await client.waitFor(() => client.frames.find((f) => f.error?.code === -32700), 'parse error')
    expect(parseError).toMatchObject({ id: null, error: { message: 'Parse error: the frame is not JSON.' } })
    await client.waitFor(() => client.frames.find((f) => f.error?.code === -32600), 'invalid request')
    expect(await client.call('irn_fly', {})).toMatchObject({ error: { code: -32601, message: 'Method not found: irn_fly' } })
    expect(await client.call('toString', {})).toMatchObject({ error: { code: -32601 } })
    expect(await client.call('irn_publish', { topic: 42 })).toMatchObject({ error: { code: -32602, message: expect.stringContaining('Invalid params for irn_publish') } })
    expect(await client.call('irn_subscribe', null)).toMatchObject({ error: { code: -32602 } })
    expect(client.ws.readyState).toBe(WebSocket.OPEN)
    expect((await client.call('irn_subscribe', { topic: randomTopic() })).result).toMatch(/^[0-9a-f]{64}$/)
    await client.close()
  })

  test('error: a socket without a valid auth JWT is refused with 401', async () => {
    const refused = (url: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url)
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
        ws.on('error', () => resolve(-1))
      })
    expect(await refused(relay.url)).toBe(401)
    expect(await refused(`${relay.url}/?auth=garbage`)).toBe(401)
    expect(await refused(`${relay.url}/?auth=${b64({})}.${b64({ iss: 'not-a-did' })}.x`)).toBe(401)
    expect(clientIdFromAuth(authFor('did:key:zOk'))).toBe('did:key:zOk')
  })

  test('behavior: dropAllSockets closes every client abruptly and they can come back', async () => {
    const client = await connect('did:key:zDropped')
    const closed = new Promise<number>((resolve) => client.ws.once('close', (code) => resolve(code)))
    expect(relay.connectedClients()).toContain('did:key:zDropped')
    relay.dropAllSockets()
    expect(await closed).toBe(1006) // no close frame: abnormal closure
    const again = await connect('did:key:zDropped')
    expect(relay.connectedClients()).toContain('did:key:zDropped')
    await again.close()
  })
})
