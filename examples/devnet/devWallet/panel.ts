import type { DevWallet, DevWalletSnapshot, PendingApproval } from './provider.js'
import { DEV_WALLET_ICON } from './icon.js'
import { shadowPanel } from '../shadowPanel.js'

/** The chain the "unknown chain" button moves the wallet to. */
export const UNKNOWN_CHAIN_ID = 999

const STYLE = `
:host { all: initial; }
.panel { position: fixed; left: 12px; bottom: 12px; z-index: 2147483647; width: 320px; max-height: 70vh; overflow: auto;
  box-sizing: border-box; font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: #0f172a;
  background: #f8fafc; border: 1px solid #cbd5e1; border-radius: 12px; box-shadow: 0 8px 28px rgba(15,23,42,.25); }
.panel.has-requests { border-color: #0891b2; box-shadow: 0 0 0 3px rgba(8,145,178,.35), 0 8px 28px rgba(15,23,42,.25); }
header { display: flex; align-items: center; gap: 8px; padding: 8px 10px; border-bottom: 1px solid #e2e8f0; }
header img { width: 22px; height: 22px; border-radius: 6px; }
header h2 { flex: 1; margin: 0; font-size: 13px; font-weight: 650; }
.status { margin: 0; padding: 6px 10px; color: #334155; font-size: 12px; overflow-wrap: anywhere; }
.badge { display: inline-block; padding: 0 6px; border-radius: 999px; background: #e2e8f0; font-size: 11px; }
.badge.count { background: #0891b2; color: #fff; }
ol { list-style: none; margin: 0; padding: 0 10px; }
li { margin: 6px 0; padding: 8px; border: 1px solid #bae6fd; border-radius: 8px; background: #fff; }
li h3 { margin: 0 0 4px; font-size: 13px; }
li p { margin: 0 0 4px; font: 12px/1.35 ui-monospace, SFMono-Regular, Menlo, monospace; white-space: pre-wrap; word-break: break-all; max-height: 7.5em; overflow: auto; }
.row { display: flex; flex-wrap: wrap; gap: 6px; padding: 6px 10px 10px; }
li .row { padding: 4px 0 0; }
button { font: inherit; font-size: 12px; padding: 4px 10px; border-radius: 7px; border: 1px solid #94a3b8; background: #fff; color: #0f172a; cursor: pointer; }
button:hover { background: #f1f5f9; }
button:focus-visible { outline: 3px solid #0891b2; outline-offset: 1px; }
button.approve { background: #0e7490; border-color: #0e7490; color: #fff; }
button.approve:hover { background: #155e75; }
button.reject { border-color: #b91c1c; color: #b91c1c; }
.empty { margin: 0; padding: 0 10px; color: #64748b; font-size: 12px; }
.collapsed .body { display: none; }
@media (prefers-color-scheme: dark) {
  .panel { background: #0f172a; color: #e2e8f0; border-color: #334155; }
  header { border-color: #1e293b; }
  .status { color: #cbd5e1; }
  .badge { background: #1e293b; }
  li { background: #111827; border-color: #155e75; }
  button { background: #1e293b; color: #e2e8f0; border-color: #475569; }
  button:hover { background: #334155; }
  button.reject { color: #fca5a5; border-color: #f87171; }
}
`

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/**
 * Draws the approval panel (fixed bottom-left) in its own shadow root, so page
 * and modal styles cannot reach it. Plain DOM, text only (no innerHTML for
 * anything that came from a site). Keyboard: every control is a button;
 * Escape inside the panel rejects the oldest request.
 * @returns a function that removes the panel
 */
export function mountDevWalletPanel(wallet: DevWallet, doc: Document = document): () => void {
  const { host, shadow, panel } = shadowPanel(doc, 'airlock-dev-wallet', { id: 'airlock-dev-wallet', label: 'Airlock Dev Wallet', testid: 'dev-wallet', css: STYLE })
  let collapsed = false

  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: { text?: string; className?: string; testid?: string; key?: string } = {}, ...children: Node[]) => {
    const node = doc.createElement(tag)
    if (props.text !== undefined) node.textContent = props.text
    if (props.className) node.className = props.className
    if (props.testid) node.dataset.testid = props.testid
    if (props.key) node.dataset.key = props.key
    node.append(...children)
    return node
  }
  const button = (label: string, key: string, onClick: () => void, className?: string, ariaLabel?: string) => {
    const b = el('button', { text: label, key, testid: `dev-wallet-${key.replace(/:\d+$/, '')}`, ...(className ? { className } : {}) })
    b.type = 'button'
    if (ariaLabel) b.setAttribute('aria-label', ariaLabel)
    b.addEventListener('click', onClick)
    return b
  }

  const requestItem = (request: PendingApproval) => {
    const item = el('li', { testid: 'dev-wallet-request' })
    item.dataset.kind = request.kind
    item.setAttribute('aria-label', request.title)
    item.append(el('h3', { text: request.title }))
    for (const line of request.details) item.append(el('p', { text: line }))
    item.append(
      el(
        'div',
        { className: 'row' },
        button('Approve', `approve:${request.id}`, () => wallet.approve(request.id), 'approve', `Approve: ${request.title}`),
        button('Reject', `reject:${request.id}`, () => wallet.reject(request.id), 'reject', `Reject: ${request.title}`),
      ),
    )
    return item
  }

  const render = (state: DevWalletSnapshot) => {
    // Keep keyboard focus on the same control across re-renders.
    const focusedKey = (shadow.activeElement as HTMLElement | null)?.dataset?.key
    const chain = state.knownChains.find((c) => c.chainId === state.chainId)
    const access = state.locked ? 'locked' : state.permitted ? 'connected to this site' : 'not connected'
    panel.classList.toggle('has-requests', state.pending.length > 0)
    panel.classList.toggle('collapsed', collapsed)

    const icon = el('img')
    icon.src = DEV_WALLET_ICON
    icon.alt = ''
    const count = state.pending.length > 0 ? [el('span', { className: 'badge count', text: `${state.pending.length} request${state.pending.length > 1 ? 's' : ''}` })] : []
    const toggle = button(collapsed ? 'Show' : 'Hide', 'toggle', () => {
      collapsed = !collapsed
      render(wallet.snapshot())
    })
    toggle.setAttribute('aria-expanded', String(!collapsed))

    const status = el('p', { className: 'status', testid: 'dev-wallet-status' })
    status.append(
      `${short(state.address)} · `,
      el('span', { className: 'badge', text: chain ? `${chain.name} (${state.chainId})` : `chain ${state.chainId} (unknown)` }),
      ` · ${access}`,
    )

    const list = el('ol', {}, ...state.pending.map(requestItem))
    list.setAttribute('aria-label', 'Requests waiting for approval')
    const controls = el('div', { className: 'row' })
    if (state.chainId !== UNKNOWN_CHAIN_ID) controls.append(button(`Move to chain ${UNKNOWN_CHAIN_ID}`, 'unknown-chain', () => wallet.moveToChain(UNKNOWN_CHAIN_ID)))
    const home = state.knownChains[0]
    if (home && state.chainId !== home.chainId) controls.append(button(`Back to ${home.chainId}`, 'home-chain', () => wallet.moveToChain(home.chainId)))
    controls.append(state.locked ? button('Unlock', 'unlock', () => wallet.unlock()) : button('Lock', 'lock', () => wallet.lock()))

    const body = el('div', { className: 'body' }, status)
    if (state.pending.length === 0) body.append(el('p', { className: 'empty', text: 'No requests waiting.' }))
    body.append(list, controls)
    panel.replaceChildren(el('header', {}, icon, el('h2', { text: 'Airlock Dev Wallet' }), ...count, toggle), body)

    if (focusedKey) {
      const same = shadow.querySelector(`[data-key="${CSS.escape(focusedKey)}"]`) as HTMLElement | null
      // The answered request is gone: move on to the next one (or the toggle) instead of losing focus to the page.
      const next = same ?? (/^(approve|reject):/.test(focusedKey) ? ((shadow.querySelector('button.approve') ?? toggle) as HTMLElement) : null)
      next?.focus()
    }
  }

  panel.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return
    const oldest = wallet.snapshot().pending[0]
    if (oldest) {
      event.stopPropagation()
      wallet.reject(oldest.id)
    }
  })

  // A live region outside the re-rendered part announces new requests to screen readers.
  const live = el('div')
  live.setAttribute('aria-live', 'polite')
  live.setAttribute('style', 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)')
  shadow.append(live)
  let lastCount = 0

  const update = () => {
    const state = wallet.snapshot()
    if (state.pending.length > lastCount) live.textContent = `Airlock Dev Wallet: ${state.pending.at(-1)?.title ?? 'request'} waiting for approval`
    lastCount = state.pending.length
    render(state)
  }
  const unsubscribe = wallet.subscribe(update)
  update()
  ;(doc.body ?? doc.documentElement).append(host)
  return () => {
    unsubscribe()
    host.remove()
  }
}
