import { shadowPanel } from '../shadowPanel.js'

/** The dev wallets' consent queue: each request waits for Approve or Reject in the panel. */
export interface ApprovalQueue {
  /** Shows the request; resolves true on Approve, false on Reject. */
  ask(title: string, details: readonly string[]): Promise<boolean>
  /** Lines under the panel's title (the dev accounts). */
  setStatus(lines: readonly string[]): void
  /** Rejects whatever waits and removes the panel. */
  remove(): void
}

const STYLE = `
:host { all: initial; }
.panel { position: fixed; right: 12px; bottom: 12px; z-index: 2147483646; width: 320px; max-height: 60vh; overflow: auto; box-sizing: border-box;
  font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: #0f172a; background: #f8fafc; border: 1px solid #cbd5e1; border-radius: 12px;
  box-shadow: 0 8px 28px rgba(15,23,42,.25); padding: 8px 10px; }
.panel.has-requests { border-color: #7c3aed; box-shadow: 0 0 0 3px rgba(124,58,237,.35), 0 8px 28px rgba(15,23,42,.25); }
h2 { margin: 0 0 4px; font-size: 13px; font-weight: 650; }
.status { margin: 0 0 6px; font: 11px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; color: #334155; overflow-wrap: anywhere; }
ol { list-style: none; margin: 0; padding: 0; }
li { margin: 6px 0; padding: 8px; border: 1px solid #ddd6fe; border-radius: 8px; background: #fff; }
li h3 { margin: 0 0 4px; font-size: 13px; }
li p { margin: 0 0 4px; font: 12px/1.35 ui-monospace, SFMono-Regular, Menlo, monospace; white-space: pre-wrap; word-break: break-all; max-height: 6em; overflow: auto; }
button { font: inherit; font-size: 12px; padding: 4px 10px; border-radius: 7px; border: 1px solid #94a3b8; background: #fff; color: #0f172a; cursor: pointer; margin-right: 6px; }
button:focus-visible { outline: 3px solid #7c3aed; outline-offset: 1px; }
button.approve { background: #6d28d9; border-color: #6d28d9; color: #fff; }
button.reject { border-color: #b91c1c; color: #b91c1c; }
.empty { margin: 0; color: #64748b; font-size: 12px; }
@media (prefers-color-scheme: dark) {
  .panel { background: #0f172a; color: #e2e8f0; border-color: #334155; }
  .status { color: #cbd5e1; }
  li { background: #111827; border-color: #5b21b6; }
  button { background: #1e293b; color: #e2e8f0; border-color: #475569; }
  button.reject { color: #fca5a5; border-color: #f87171; }
}
`

/**
 * The dev Solana and Bitcoin wallets' Approve/Reject panel (fixed bottom-right, its own shadow
 * root): like the dev EVM wallet's, plain DOM and text only (no innerHTML for anything a site sent),
 * every control a button, Escape rejects the oldest request.
 * @example const queue = mountApprovalPanel(document); await queue.ask('Sign a message', ['hello'])
 */
export function mountApprovalPanel(doc: Document): ApprovalQueue {
  const { host, panel } = shadowPanel(doc, 'airlock-dev-chain-wallets', { label: 'Airlock Dev Solana and Bitcoin wallets', testid: 'dev-chain-wallets', css: STYLE })
  let status: readonly string[] = []
  let next = 1
  const pending: { id: number; title: string; details: readonly string[]; answer: (ok: boolean) => void }[] = []

  const text = <K extends keyof HTMLElementTagNameMap>(tag: K, value: string, className?: string) => {
    const node = doc.createElement(tag)
    node.textContent = value
    if (className) node.className = className
    return node
  }
  const render = () => {
    panel.classList.toggle('has-requests', pending.length > 0)
    const list = doc.createElement('ol')
    for (const request of pending) {
      const item = doc.createElement('li')
      item.dataset.testid = 'dev-chain-request'
      item.setAttribute('aria-label', request.title)
      item.append(text('h3', request.title), ...request.details.map((line) => text('p', line)))
      for (const [label, ok] of [['Approve', true], ['Reject', false]] as const) {
        const button = text('button', label, ok ? 'approve' : 'reject')
        button.type = 'button'
        button.setAttribute('aria-label', `${label}: ${request.title}`)
        button.addEventListener('click', () => answer(request.id, ok))
        item.append(button)
      }
      list.append(item)
    }
    panel.replaceChildren(text('h2', 'Airlock Dev Solana & Bitcoin'), ...status.map((line) => text('p', line, 'status')), pending.length > 0 ? list : text('p', 'No requests.', 'empty'))
  }
  const answer = (id: number, ok: boolean) => {
    const at = pending.findIndex((request) => request.id === id)
    if (at === -1) return
    const [request] = pending.splice(at, 1)
    request!.answer(ok)
    render()
  }
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && pending[0]) answer(pending[0].id, false)
  })
  const mount = () => doc.body.append(host)
  if (doc.body) mount()
  else doc.addEventListener('DOMContentLoaded', mount, { once: true })
  render()
  return {
    ask: (title, details) =>
      new Promise<boolean>((resolve) => {
        pending.push({ id: next++, title, details, answer: resolve })
        render()
      }),
    setStatus: (lines) => {
      status = lines
      render()
    },
    remove: () => {
      for (const request of pending.splice(0)) request.answer(false)
      host.remove()
    },
  }
}
