import { createMobileWallet, mobileWalletConfigSchema, wcUriSchema, type MobileWallet, type MobileWalletSnapshot } from './wallet.js'

/**
 * The dev mobile wallet page: paste a `wc:` URI, approve or reject the
 * connection, then each signing request. Everything from the dapp is drawn
 * as text (textContent), never as HTML.
 */
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
const errorBox = byId<HTMLParagraphElement>('error')
const showError = (message: string) => (errorBox.textContent = message)

function button(label: string, className: string, accessibleName: string, onClick: () => Promise<void>): HTMLButtonElement {
  const b = document.createElement('button')
  b.type = 'button'
  b.className = className
  b.textContent = label
  b.setAttribute('aria-label', accessibleName)
  b.addEventListener('click', () => {
    b.disabled = true
    onClick()
      .catch((error: unknown) => showError(error instanceof Error ? error.message : String(error)))
      .finally(() => (b.disabled = false))
  })
  return b
}

function card(title: string, lines: string[], actions: HTMLButtonElement[], label: string): HTMLLIElement {
  const li = document.createElement('li')
  li.className = 'card'
  li.setAttribute('aria-label', label)
  const h3 = document.createElement('h3')
  h3.textContent = title
  li.append(h3)
  for (const line of lines) {
    const p = document.createElement('p')
    p.className = 'detail'
    p.textContent = line
    li.append(p)
  }
  if (actions.length) {
    const row = document.createElement('div')
    row.className = 'row'
    row.append(...actions)
    li.append(row)
  }
  return li
}

function empty(textValue: string): HTMLLIElement {
  const li = document.createElement('li')
  li.className = 'muted'
  li.textContent = textValue
  return li
}

const TITLE = 'Airlock dev mobile wallet'

function render(wallet: MobileWallet, snapshot: MobileWalletSnapshot): void {
  byId('status').textContent = snapshot.status
  // This page usually sits in a background tab next to the dapp: the tab title says when something waits.
  const waiting = snapshot.proposals.length + snapshot.requests.length
  document.title = waiting > 0 ? `(${waiting}) ${TITLE}` : TITLE
  const focusedLabel = document.activeElement instanceof HTMLButtonElement ? document.activeElement.getAttribute('aria-label') : null

  byId('proposals').replaceChildren(
    ...(snapshot.proposals.length
      ? snapshot.proposals.map((p) =>
          card(p.dappName, [`Site: ${p.dappUrl || '(none given)'}`, `Chains: ${p.chains.join(', ') || '(any)'}`], [button('Approve', 'approve', `Approve connection to ${p.dappName}`, () => wallet.approveProposal(p.id)), button('Reject', 'reject', `Reject connection to ${p.dappName}`, () => wallet.rejectProposal(p.id))], `Connection request from ${p.dappName}`),
        )
      : [empty('No connection requests.')]),
  )
  byId('requests').replaceChildren(
    ...(snapshot.requests.length
      ? snapshot.requests.map((r) =>
          card(`${r.method} on chain ${r.chainId}`, [`From: ${r.dappName}`, r.detail], [button('Approve', 'approve', `Approve ${r.method}`, () => wallet.approveRequest(r.id)), button('Reject', 'reject', `Reject ${r.method}`, () => wallet.rejectRequest(r.id))], `${r.method} request from ${r.dappName}`),
        )
      : [empty('Nothing to approve.')]),
  )
  byId('sessions').replaceChildren(
    ...(snapshot.sessions.length
      ? snapshot.sessions.map((s) => card(s.dappName, [`Site: ${s.dappUrl}`, `Accounts: ${s.accounts.join(', ')}`], [button('Disconnect', 'reject', `Disconnect ${s.dappName}`, () => wallet.disconnect(s.topic))], `Session with ${s.dappName}`))
      : [empty('No dapp connected.')]),
  )
  // Redrawing replaces the buttons: keep keyboard focus on the same control when it still exists.
  if (focusedLabel) document.querySelector<HTMLButtonElement>(`button[aria-label="${CSS.escape(focusedLabel)}"]`)?.focus()
}

async function start(): Promise<void> {
  const response = await fetch('./config.json', { cache: 'no-store' })
  if (!response.ok) throw new Error(`config.json answered HTTP ${response.status}`)
  const parsed = mobileWalletConfigSchema.safeParse(await response.json())
  if (!parsed.success) throw new Error(`config.json is malformed: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  const config = parsed.data
  byId('relay').textContent = config.relayUrl
  let wallet: MobileWallet | undefined
  wallet = await createMobileWallet(config, (snapshot) => wallet && render(wallet, snapshot))
  byId('account').textContent = wallet.address
  render(wallet, wallet.snapshot())
  document.body.dataset.ready = 'true'

  const form = byId<HTMLFormElement>('pair-form')
  const input = byId<HTMLTextAreaElement>('uri')
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    showError('')
    const uri = wcUriSchema.safeParse(input.value)
    if (!uri.success) {
      input.setAttribute('aria-invalid', 'true')
      showError(uri.error.issues[0]?.message ?? 'Invalid URI.')
      input.focus()
      return
    }
    input.removeAttribute('aria-invalid')
    const pairButton = byId<HTMLButtonElement>('pair')
    pairButton.disabled = true
    wallet!
      .pair(uri.data)
      .then(() => (input.value = ''))
      .catch((error: unknown) => showError(`Could not pair: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (pairButton.disabled = false))
  })
  // `?uri=wc:…` (e.g. from a scanned QR code) pre-fills the field; the person still presses Pair.
  const fromUrl = new URLSearchParams(location.search).get('uri')
  if (fromUrl && wcUriSchema.safeParse(fromUrl).success) input.value = fromUrl
}

start().catch((error: unknown) => showError(`The wallet could not start: ${error instanceof Error ? error.message : String(error)}`))
