import { frameError, frameReady, frameSessionUpdate, frameSuccess, parseAppMessage, requestName, type AppMessage } from '../../../core/frame/index.js'
import { createApprovals } from './approvals.js'
import { createHandlers, type FrameContext } from './frameHandlers.js'
import { isAllowedPageOrigin, loadFrameConfig } from './frameConfig.js'
import { openKeyStore } from './keyStore.js'

/**
 * The dev secure frame (the frame side of SPEC 3), served on its own origin, which only the
 * allowed page origins may embed (`frame-ancestors`). It accepts a message only from its parent
 * window AND from one of the configured page origins (exact match), answers only to that origin,
 * keeps every key in its own IndexedDB, and signs or sends only after the person approves in its
 * own card (`approvals.ts`).
 */
async function main(): Promise<void> {
  const status = document.getElementById('status')
  const config = await loadFrameConfig()
  const store = await openKeyStore()
  const allowed = (origin: string): boolean => isAllowedPageOrigin(origin, config)
  const ctx: FrameContext = {
    config,
    store,
    origin: location.origin,
    chainId: config.chains[0]!.chainId,
    solanaChainId: null,
    pendingEmail: null,
    pendingUpdate: null,
    socialStates: new Map(),
    farcasterChannel: null,
    approvals: createApprovals(document),
    parentOrigin: null,
    dappName: null,
  }
  // The page that embeds us, learnt from its first accepted message; SESSION_UPDATE goes there.
  let parentOrigin: string | null = null
  const handlers = createHandlers((token) => {
    if (parentOrigin) window.parent.postMessage(frameSessionUpdate(token), parentOrigin)
  })

  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== window.parent || window.parent === window || !allowed(event.origin)) return
    const message = parseAppMessage(event.data)
    if (!message) return
    parentOrigin = ctx.parentOrigin = event.origin
    const origin = event.origin
    const name = requestName(message)
    const handler = handlers[name] as (c: FrameContext, m: AppMessage) => Promise<unknown>
    handler(ctx, message).then(
      (payload) => window.parent.postMessage((frameSuccess as (n: string, id: string | undefined, p?: unknown) => unknown)(name, message.id, payload), origin),
      (error: unknown) => window.parent.postMessage(frameError(name, message.id, error instanceof Error ? error.message : 'An error occurred', codeOf(error)), origin),
    )
  })

  if (status) status.textContent = `Ready (${[...config.chains.map((c) => c.chainId), ...config.solanaChains.map((c) => c.caipNetworkId)].join(', ')})`
  // Greet only the embedding page's origin: Chromium and Safari name it (`ancestorOrigins`); elsewhere
  // every allowed origin is tried, and a targeted post reaches only the matching one (the browser
  // warns in the console about the others).
  const embedder = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins?.[0]
  const greet = embedder === undefined ? config.allowedOrigins.map((o) => new URL(o).origin) : allowed(embedder) ? [embedder] : []
  if (window.parent !== window) for (const origin of greet) window.parent.postMessage(frameReady(config.version), origin)
}

/** The EIP-1193 code an error carries (4001 when the person rejected), if any. */
function codeOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'number' && Number.isInteger(code) ? code : undefined
}

main().catch((error: unknown) => {
  const status = document.getElementById('status')
  if (status) status.textContent = `Failed to start: ${error instanceof Error ? error.message : String(error)}`
})
