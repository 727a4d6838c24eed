import type { RequestSummary } from './describeRequest.js'

/** Why a request ended without a signature; `code` is what the page's provider rejects with (EIP-1193). */
export class ApprovalError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message)
  }
}

export const REJECTED_MESSAGE = 'User rejected the request.'
export const ABORTED_MESSAGE = 'Request was aborted'
/**
 * Our choice: a click counts only once the approval has been on screen, fully visible, this long.
 * A page that moves or reveals the frame right under the person's pointer gets nothing from the
 * click that was meant for something else (the input protection of browser permission prompts).
 */
export const MIN_VISIBLE_MS = 500
/** Below this the frame is too small to show the request: a page shrinking it around the button gets no click. */
export const MIN_CARD_PX = { width: 280, height: 300 } as const

export interface ApprovalAsk<T> {
  readonly id: string
  /** The embedding page, as the browser named it in the request's `event.origin`. */
  readonly origin: string
  readonly dappName: string | null
  readonly summary: RequestSummary
  /** What Approve does: sign or send. Runs only after a trusted click on a fully visible card. */
  readonly work: () => Promise<T>
}

interface Pending {
  readonly ask: ApprovalAsk<unknown>
  resolve(value: unknown): void
  reject(error: unknown): void
  working: boolean
}

export interface Approvals {
  /** Queues a request; settles with the work's result after Approve, or ApprovalError 4001 on Reject or abort. */
  ask<T>(ask: ApprovalAsk<T>): Promise<T>
  /** RPC_ABORT: drops request `id` (every waiting one without an id), unless its work already runs. */
  abort(id?: string): void
}

/**
 * The dev frame's own consent: one request at a time in a card drawn on the frame's origin, with
 * Approve and Reject that the embedding page cannot reach. A click counts only when the browser
 * says the person made it (`isTrusted`), the card has been fully visible for `MIN_VISIBLE_MS`,
 * nothing covers it and nothing fades it (IntersectionObserver v2 `isVisible` where the browser
 * has it), and the frame is at least `MIN_CARD_PX`. Escape rejects.
 * @example const approvals = createApprovals(document); await approvals.ask({ id, origin, dappName, summary, work: sign })
 */
export function createApprovals(doc: Document): Approvals {
  const win = doc.defaultView!
  const queue: Pending[] = []
  const ui = buildCard(doc)
  let visible = false
  let armedAt = Number.POSITIVE_INFINITY
  let armTimer: ReturnType<typeof setTimeout> | undefined

  const arm = () => {
    clearTimeout(armTimer)
    armedAt = visible && queue.length > 0 ? performance.now() : Number.POSITIVE_INFINITY
    ui.setArmed(false)
    if (armedAt !== Number.POSITIVE_INFINITY) armTimer = setTimeout(() => ui.setArmed(!queue[0]?.working), MIN_VISIBLE_MS)
  }
  watchVisibility(win, ui.card, (now) => {
    if (now === visible) return
    visible = now
    arm()
  })

  const show = () => {
    const head = queue[0]
    ui.render(head ? head.ask : null)
    if (queue.length > 1) ui.waiting(queue.length - 1)
    arm()
  }
  const settle = (pending: Pending, outcome: { value: unknown } | { error: unknown }) => {
    const index = queue.indexOf(pending)
    if (index >= 0) queue.splice(index, 1)
    if ('value' in outcome) pending.resolve(outcome.value)
    else pending.reject(outcome.error)
    if (index === 0) show()
  }
  const counts = (event: Event): boolean => {
    if (!event.isTrusted) return false
    if (!visible || performance.now() - armedAt < MIN_VISIBLE_MS) {
      ui.status('Make sure this window is fully visible, then try again.')
      return false
    }
    return true
  }

  ui.approve.addEventListener('click', (event) => {
    const head = queue[0]
    if (!head || head.working || !counts(event)) return
    head.working = true
    ui.setBusy()
    ui.status(head.ask.summary.title.startsWith('Send') ? 'Sending…' : 'Signing…')
    head.ask.work().then(
      (value) => settle(head, { value }),
      (error: unknown) => settle(head, { error }),
    )
  })
  const reject = (event: Event) => {
    const head = queue[0]
    if (!head || head.working || !event.isTrusted) return
    settle(head, { error: new ApprovalError(REJECTED_MESSAGE, 4001) })
  }
  ui.reject.addEventListener('click', reject)
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') reject(event)
  })

  return {
    ask<T>(ask: ApprovalAsk<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ ask, resolve: resolve as (value: unknown) => void, reject, working: false })
        if (queue.length === 1) show()
        else ui.waiting(queue.length - 1)
      })
    },
    abort(id) {
      for (const pending of [...queue]) {
        if ((id === undefined || pending.ask.id === id) && !pending.working) settle(pending, { error: new ApprovalError(ABORTED_MESSAGE, 4001) })
      }
    },
  }
}

/**
 * Reports whether the card is fully on screen and unobstructed: IntersectionObserver against the
 * top-level viewport (so the embedding page's clipping and sizing count) and, where supported,
 * v2's `isVisible` (false when covered, transparent, filtered or transformed by anyone).
 */
function watchVisibility(win: Window, card: HTMLElement, onChange: (visible: boolean) => void): void {
  const Observer = (win as Window & typeof globalThis).IntersectionObserver
  if (typeof Observer !== 'function') return onChange(true)
  const init = { threshold: [0, 0.5, 0.99, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit
  new Observer((entries) => {
    const entry = entries[entries.length - 1] as (IntersectionObserverEntry & { isVisible?: boolean }) | undefined
    if (!entry) return
    const bigEnough = entry.boundingClientRect.width >= MIN_CARD_PX.width && entry.boundingClientRect.height >= MIN_CARD_PX.height
    onChange(entry.isIntersecting && entry.intersectionRatio >= 0.99 && bigEnough && entry.isVisible !== false)
  }, init).observe(card)
}

interface CardUi {
  readonly card: HTMLElement
  readonly approve: HTMLButtonElement
  readonly reject: HTMLButtonElement
  render(ask: ApprovalAsk<unknown> | null): void
  setArmed(armed: boolean): void
  /** The approved request is being signed or sent: neither button answers any more. */
  setBusy(): void
  status(text: string): void
  waiting(more: number): void
}

/** The approval card, built with DOM calls and `textContent` only: nothing from the request is ever HTML. */
function buildCard(doc: Document): CardUi {
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string) => {
    const node = doc.createElement(tag)
    for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value)
    if (text !== undefined) node.textContent = text
    return node
  }
  const card = el('main', { class: 'approval', 'aria-labelledby': 'approval-title' })
  const title = el('h1', { id: 'approval-title', tabindex: '-1' }, 'Waiting for the request…')
  const from = el('p', { class: 'from' })
  const fields = el('dl', { class: 'fields' })
  const detailLabel = el('h2', { class: 'detail-label' })
  const detail = el('pre', { class: 'detail', tabindex: '0' })
  const more = el('p', { class: 'more' })
  const status = el('p', { class: 'status', role: 'status', 'aria-live': 'polite' })
  const reject = el('button', { type: 'button', class: 'secondary', disabled: '' }, 'Reject')
  const approve = el('button', { type: 'button', class: 'primary', disabled: '' }, 'Approve')
  const actions = el('div', { class: 'actions' })
  actions.append(reject, approve)
  const scroll = el('div', { class: 'scroll' })
  scroll.append(fields, detailLabel, detail)
  card.append(title, from, scroll, more, status, actions)
  // The boot message (`#boot`, with the frame's status line) steps aside for the card.
  doc.getElementById('boot')?.setAttribute('hidden', '')
  doc.body.append(card)
  let current: ApprovalAsk<unknown> | null = null
  return {
    card,
    approve,
    reject,
    render(ask) {
      current = ask
      title.textContent = ask ? ask.summary.title : 'Waiting for the request…'
      from.textContent = ask ? `Asked by ${ask.dappName ? `${ask.dappName} · ` : ''}${ask.origin}` : ''
      fields.replaceChildren(...(ask?.summary.fields ?? []).flatMap((f) => [el('dt', {}, f.label), el('dd', {}, f.value)]))
      detailLabel.textContent = ask?.summary.detail?.label ?? ''
      detail.textContent = ask?.summary.detail?.text ?? ''
      detail.hidden = detailLabel.hidden = !ask?.summary.detail
      more.textContent = ''
      status.textContent = ''
      card.dataset.state = ask ? 'asking' : 'idle'
      if (ask) title.focus()
    },
    setArmed(armed) {
      // Reject is always safe to take; Approve waits until the card has been fully visible long enough.
      reject.disabled = !current
      approve.disabled = !current || !armed
    },
    setBusy() {
      approve.disabled = reject.disabled = true
    },
    status(text) {
      status.textContent = text
    },
    waiting(count) {
      more.textContent = `${count} more waiting`
    },
  }
}
