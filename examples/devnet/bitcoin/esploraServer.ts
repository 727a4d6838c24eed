import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { z } from 'zod'
import { BodyTooLarge, listen, readBody } from '../httpServer.js'
import { isLoopbackHost, isLoopbackOrigin } from '../loopback.js'
import { createRegtestChain, MAX_TX_WEIGHT, regtestScript, type RegtestChain } from './regtestChain.js'

/**
 * The Esplora REST subset that Bitcoin wallets and Airlock use, over the in-memory regtest chain
 * (issue 13; Blockstream's API as mempool.space and blockstream.info serve it):
 *   GET  /address/{a}            chain and mempool statistics (balance = funded − spent, both)
 *   GET  /address/{a}/utxo       unspent outputs with their confirmation status
 *   GET  /tx/{id}, /tx/{id}/hex, /tx/{id}/status
 *   POST /tx                     a raw transaction in hex (text body); answers its txid, or 400
 *                                with the reason as Bitcoin Core words it
 *   GET  /fee-estimates          sat/vB by confirmation target
 *   GET  /blocks/tip/height, /blocks/tip/hash, /block-height/{h} (block 0: regtest's genesis)
 * and, for tests and the dev wallets, from this machine only:
 *   POST /dev/fund {"address","sats"}   pays an address in a new block
 *   POST /dev/mine {"blocks"?}          confirms the mempool
 */
export interface EsploraServer {
  readonly url: string
  readonly port: number
  readonly chain: RegtestChain
  close(): Promise<void>
}

/** Fixed estimates (sat/vB): a regtest mempool is never full. Targets as Esplora lists them. */
export const FEE_ESTIMATES: Readonly<Record<string, number>> = { '1': 3, '2': 3, '3': 2, '6': 2, '12': 1.5, '24': 1.2, '144': 1.1, '504': 1, '1008': 1 }
const MAX_BODY = MAX_TX_WEIGHT + 1024
const TXID = /^[0-9a-f]{64}$/

const FundBody = z.object({ address: z.string().max(90), sats: z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9]\d{0,15}$/)]) }).strict()
const MineBody = z.object({ blocks: z.number().int().min(1).max(1000).optional() }).strict().nullable()

/**
 * Starts the server; `port: 0` picks a free one.
 * @example const esplora = await startEsplora({ port: 8790 }); await fetch(`${esplora.url}/blocks/tip/height`)
 */
export async function startEsplora(options: { port?: number; host?: string; chain?: RegtestChain } = {}): Promise<EsploraServer> {
  const chain = options.chain ?? createRegtestChain()
  const server: Server = createServer((req, res) => {
    handle(chain, req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy()
      // The rest of an oversized body is never read: the connection cannot carry another request.
      if (error instanceof BodyTooLarge) res.setHeader('connection', 'close')
      text(res, error instanceof BodyTooLarge ? 413 : 400, error instanceof Error ? error.message : 'Bad request')
    })
  })
  return { ...(await listen(server, { port: options.port ?? 0, host: options.host ?? '127.0.0.1' })), chain }
}

async function handle(chain: RegtestChain, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://esplora.local')
  const dev = url.pathname.startsWith('/dev/')
  // Public Esplora answers any page; the dev routes mint coins, so only this machine's pages.
  if (dev && (!isLoopbackOrigin(req.headers.origin) || !isLoopbackHost(req.headers.host))) return text(res, 403, 'Forbidden')
  res.setHeader('access-control-allow-origin', req.headers.origin && (!dev || isLoopbackOrigin(req.headers.origin)) ? req.headers.origin : '*')
  res.setHeader('vary', 'origin')
  res.setHeader('access-control-allow-methods', 'GET,POST,OPTIONS')
  res.setHeader('access-control-allow-headers', 'content-type')
  if (req.method === 'OPTIONS') return text(res, 204, '')
  const parts = url.pathname.split('/').filter(Boolean)

  if (req.method === 'GET') {
    if (parts[0] === 'address' && parts.length <= 3) {
      const address = decodeSegment(parts[1])
      if (!address || !regtestScript(address)) return text(res, 400, 'Invalid Bitcoin address')
      if (parts.length === 2) return json(res, 200, chain.addressStats(address))
      if (parts[2] === 'utxo') return json(res, 200, chain.utxos(address))
    }
    if (parts[0] === 'tx' && parts.length <= 3) {
      const txid = parts[1] ?? ''
      if (!TXID.test(txid)) return text(res, 400, 'Invalid hex string')
      const tx = chain.tx(txid)
      if (!tx) return text(res, 404, 'Transaction not found')
      if (parts.length === 2) return json(res, 200, tx)
      if (parts[2] === 'hex') return text(res, 200, chain.txHex(txid)!)
      if (parts[2] === 'status') return json(res, 200, tx.status)
    }
    if (url.pathname === '/fee-estimates') return json(res, 200, FEE_ESTIMATES)
    if (url.pathname === '/blocks/tip/height') return text(res, 200, String(chain.tipHeight))
    if (url.pathname === '/blocks/tip/hash') return text(res, 200, chain.tipHash)
    if (parts[0] === 'block-height' && parts.length === 2 && /^\d{1,9}$/.test(parts[1]!)) {
      const hash = chain.blockHash(Number(parts[1]))
      return hash ? text(res, 200, hash) : text(res, 404, 'Block not found')
    }
    return text(res, 404, 'Not found')
  }
  if (req.method === 'POST') {
    const body = await readBody(req, MAX_BODY)
    if (url.pathname === '/tx') {
      const result = chain.submit(body.trim())
      return result.ok ? text(res, 200, result.txid) : text(res, 400, `sendrawtransaction RPC error: ${JSON.stringify({ code: -26, message: result.error })}`)
    }
    if (url.pathname === '/dev/fund') {
      const parsed = FundBody.safeParse(parseJson(body))
      if (!parsed.success) return text(res, 400, 'Expected {"address": string, "sats": positive integer}')
      if (!regtestScript(parsed.data.address)) return text(res, 400, 'Invalid Bitcoin address')
      return json(res, 200, chain.fund(parsed.data.address, BigInt(parsed.data.sats)))
    }
    if (url.pathname === '/dev/mine') {
      const parsed = MineBody.safeParse(parseJson(body || 'null'))
      if (!parsed.success) return text(res, 400, 'Expected {"blocks"?: 1 to 1000}')
      return json(res, 200, { height: chain.mine(parsed.data?.blocks ?? 1) })
    }
    return text(res, 404, 'Not found')
  }
  res.setHeader('allow', 'GET, POST, OPTIONS')
  return text(res, 405, 'Method not allowed')
}

function decodeSegment(segment: string | undefined): string | null {
  if (!segment) return null
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

function text(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' })
  res.end(body)
}
