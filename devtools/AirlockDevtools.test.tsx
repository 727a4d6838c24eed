// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { base, ethereum } from '../core/chains/networks.js'
import { render, testAirlock, waitFor } from '../react/testing/renderAirlock.js'
import { AirlockDevtools, DEVTOOLS_STORAGE_KEY } from './AirlockDevtools.js'
import { NOT_A_LOG } from './DevtoolsPanel.js'

afterEach(() => {
  document.body.innerHTML = ''
  localStorage.clear()
})

/** The panel's shadow root (the devtools host is the only `[data-airlock="devtools"]`). */
const root = (): ShadowRoot => document.querySelector('[data-airlock="devtools"]')!.shadowRoot!
const q = <E extends Element = HTMLElement>(selector: string): E | null => root().querySelector<E>(selector)
const rows = () => Array.from(root().querySelectorAll('[role="listbox"] [role="option"]')).map((row) => row.textContent!.replace(/^\+[\d.]+ s/, ''))
const selectedRow = () => root().querySelector('[role="listbox"] [aria-selected="true"]')?.textContent?.replace(/^\+[\d.]+ s/, '')
const button = (text: string) => Array.from(root().querySelectorAll('button')).find((b) => b.textContent === text)!
const network = () => q('[data-testid="devtools-network"]')?.textContent
const source = () => q('[data-testid="devtools-source"]')?.textContent
/** A change as a user makes it in a controlled input: the native setter, then the event React listens to. */
function change(input: HTMLInputElement | HTMLSelectElement, value: string, event = 'input') {
  const proto = input instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype
  act(() => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value)
    input.dispatchEvent(new Event(event, { bubbles: true }))
  })
}
const key = (target: Element, name: string) => act(() => void target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true })))
const frame = () => act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))))

async function openPanel(airlock = testAirlock({ networks: [ethereum, base] })) {
  render(airlock, <AirlockDevtools />)
  await waitFor(() => document.querySelector('[data-airlock="devtools"]')?.shadowRoot?.querySelector('button'))
  act(() => button('Airlock devtools').click())
  await waitFor(() => q('[role="listbox"]'))
  return airlock
}

describe('AirlockDevtools', () => {
  test('behavior: closed it is one button; open, it lists the actions live and the state they made', async () => {
    const airlock = await openPanel()
    expect(q('section')!.getAttribute('aria-label')).toBe('Airlock devtools')
    expect(rows()).toContain('app/started')
    expect(source()).toBe('Live')
    act(() => airlock.dispatch({ type: 'network/activeChanged', caipNetworkId: base.caipNetworkId }))
    await frame()
    await waitFor(() => (rows().includes('network/activeChanged') ? true : null))
    expect(network()).toContain('Base')
    // The newest action is selected while following live.
    expect(selectedRow()).toBe(rows().at(-1))
  })

  test('behavior: filter by type and by text; a filter with no match says so', async () => {
    const airlock = await openPanel()
    act(() => airlock.dispatch({ type: 'network/activeChanged', caipNetworkId: base.caipNetworkId }))
    await frame()
    const select = q<HTMLSelectElement>('select[aria-label="Filter by action type"]')!
    await waitFor(() => (Array.from(select.options).some((o) => o.value === 'network/activeChanged') ? true : null))
    change(select, 'network/activeChanged', 'change')
    expect(rows()).toEqual(['network/activeChanged'])
    change(select, '', 'change')
    const text = q<HTMLInputElement>('input[aria-label="Filter by text"]')!
    change(text, '8453')
    expect(rows()).toEqual(['network/activeChanged'])
    change(text, 'no such thing')
    expect(rows()).toEqual([])
    expect(q('[role="listbox"]')!.textContent).toBe('No action matches the filter')
  })

  test('behavior: a chosen action shows its payload, the diff it made and the state; the slider and the keys move through time', async () => {
    const airlock = await openPanel()
    act(() => airlock.dispatch({ type: 'network/activeChanged', caipNetworkId: base.caipNetworkId }))
    act(() => airlock.open())
    await frame()
    await waitFor(() => (rows().includes('modal/openRequested') ? true : null))
    const switchRow = Array.from(root().querySelectorAll('[role="option"]')).find((row) => row.textContent!.endsWith('network/activeChanged'))!
    act(() => (switchRow as HTMLElement).click())
    const details = () => q('[data-testid="devtools-details"]')!.textContent
    expect(details()).toContain('"caipNetworkId": "eip155:8453"')
    expect(network()).toContain('Base')
    act(() => button('Diff').click())
    expect(details()).toContain('connection.activeCaipNetworkId')
    expect(details()).toContain('- "eip155:1"')
    expect(details()).toContain('+ "eip155:8453"')
    act(() => button('State').click())
    expect(JSON.parse(details()).connection.activeCaipNetworkId).toBe('eip155:8453')
    // One step back by keyboard: the state before the switch, on Ethereum.
    key(q('[role="listbox"]')!, 'ArrowUp')
    expect(selectedRow()).not.toBe('network/activeChanged')
    expect(network()).toContain('Ethereum')
    // The slider: position 0 is the state before the first action.
    const slider = q<HTMLInputElement>('input[type="range"]')!
    change(slider, '0')
    expect(selectedRow()).toBeUndefined()
    act(() => button('Action').click())
    expect(details()).toContain('The state before the first action of the log.')
    key(q('[role="listbox"]')!, 'End')
    expect(selectedRow()).toBe(rows().at(-1))
    // A chosen point stays chosen while the log grows; "Latest" follows it again.
    change(slider, '1')
    act(() => airlock.close())
    await frame()
    await waitFor(() => (rows().includes('modal/closeRequested') ? true : null))
    expect(slider.value).toBe('1')
    act(() => button('Latest').click())
    expect(selectedRow()).toBe('modal/closeRequested')
  })

  test('behavior: paused, the list stands still; resumed, it catches up', async () => {
    const airlock = await openPanel()
    act(() => button('Pause').click())
    expect(source()).toBe('Live (paused)')
    act(() => airlock.open())
    await frame()
    expect(rows()).not.toContain('modal/openRequested')
    act(() => button('Resume').click())
    await waitFor(() => (rows().includes('modal/openRequested') ? true : null))
    expect(source()).toBe('Live')
  })

  test('behavior: redacted values stay redacted: the panel shows the log, never the raw action', async () => {
    const airlock = await openPanel()
    act(() => airlock.dispatch({ type: 'auth/emailLoginRequested', email: 'alice@example.com' }))
    await frame()
    await waitFor(() => (rows().includes('auth/emailLoginRequested') ? true : null))
    const row = Array.from(root().querySelectorAll('[role="option"]')).find((r) => r.textContent!.endsWith('auth/emailLoginRequested'))!
    act(() => (row as HTMLElement).click())
    expect(q('[data-testid="devtools-details"]')!.textContent).toContain('"email": "[redacted]"')
    act(() => button('State').click())
    expect(root().textContent).not.toContain('alice@example.com')
  })

  test('behavior: an imported log replaces the live one until "Back to live"; a file that is not a log is refused in words', async () => {
    const other = testAirlock({ networks: [ethereum, base] })
    other.dispatch({ type: 'network/activeChanged', caipNetworkId: base.caipNetworkId })
    await openPanel()
    const input = q<HTMLInputElement>('[data-testid="devtools-import"]')!
    const choose = async (name: string, text: string) => {
      Object.defineProperty(input, 'files', { configurable: true, value: [new File([text], name, { type: 'application/json' })] })
      await act(async () => void input.dispatchEvent(new Event('change', { bubbles: true })))
    }
    await choose('report.json', other.log.export())
    await waitFor(() => (source() === 'Imported: report.json' ? true : null))
    expect(rows().at(-1)).toBe('network/activeChanged')
    expect(network()).toContain('Base')
    await choose('notes.txt', 'just some notes')
    await waitFor(() => q('[role="alert"]'))
    expect(q('[role="alert"]')!.textContent).toMatch(new RegExp(`^${NOT_A_LOG}: `))
    // The log that was open stays open.
    expect(source()).toBe('Imported: report.json')
    act(() => button('Back to live').click())
    await waitFor(() => (source() === 'Live' ? true : null))
  })

  test('behavior: the height changes by keyboard and, with the open state, outlives a remount; bad stored values are ignored', async () => {
    await openPanel()
    const handle = q('[role="separator"]')!
    const before = Number(handle.getAttribute('aria-valuenow'))
    key(handle, 'ArrowUp')
    expect(Number(handle.getAttribute('aria-valuenow'))).toBe(before + 24)
    expect(JSON.parse(localStorage.getItem(DEVTOOLS_STORAGE_KEY)!)).toEqual({ open: true, height: before + 24 })
    document.body.innerHTML = ''
    render(testAirlock(), <AirlockDevtools />)
    await waitFor(() => document.querySelector('[data-airlock="devtools"]')?.shadowRoot?.querySelector('[role="separator"]'))
    expect(Number(q('[role="separator"]')!.getAttribute('aria-valuenow'))).toBe(before + 24)
    act(() => button('Close').click())
    expect(button('Airlock devtools')).toBeTruthy()
    for (const bad of ['{"open":true,"height":"tall"}', 'not json', '{"open":1,"height":400}']) {
      localStorage.setItem(DEVTOOLS_STORAGE_KEY, bad)
      document.body.innerHTML = ''
      render(testAirlock(), <AirlockDevtools />)
      await waitFor(() => document.querySelector('[data-airlock="devtools"]')?.shadowRoot?.querySelector('button'))
      expect(button('Airlock devtools')).toBeTruthy()
    }
  })
})
