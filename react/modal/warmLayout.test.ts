// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { warmHiddenDialog } from './warmLayout.js'

/** Idle callbacks run when the test says so. */
let idle: (() => void)[] = []
/** What each forced layout saw: the element measured, as it was then. */
let layouts: { element: HTMLElement; connected: boolean; display: string; media: number; text: string; beside: Element | null }[] = []

beforeEach(() => {
  idle = []
  layouts = []
  vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task))
  vi.stubGlobal('cancelIdleCallback', (id: number) => void (idle[id - 1] = () => {}))
  const measure = HTMLElement.prototype.getBoundingClientRect
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    layouts.push({ element: this, connected: this.isConnected, display: this.style.display, media: this.querySelectorAll('video').length, text: this.textContent ?? '', beside: this.previousElementSibling })
    return measure.call(this)
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

/** A modal root as Modal renders it closed: the stylesheet, the dialog `<Activity>` hides, the toasts. */
function closedRoot(): { root: HTMLElement; hidden: HTMLElement } {
  const root = document.createElement('div')
  root.className = 'root'
  root.innerHTML = '<style>.card { width: 360px }</style><div class="overlay"><div class="card" role="dialog"><h2>Connect Wallet</h2><video></video></div></div><div class="toasts"></div>'
  document.body.appendChild(root)
  const hidden = root.querySelector<HTMLElement>('.overlay')!
  hidden.style.setProperty('display', 'none', 'important')
  return { root, hidden }
}

const runIdle = () => {
  const tasks = idle
  idle = []
  for (const task of tasks) task()
}
/** MutationObserver records arrive in a microtask. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

test('default: once idle, lays out a shown copy of the hidden dialog beside it, then removes it', () => {
  const { root, hidden } = closedRoot()
  const stop = warmHiddenDialog(root)
  expect(layouts).toHaveLength(0)
  runIdle()
  expect(layouts).toHaveLength(1)
  const [copy] = layouts
  expect(copy).toMatchObject({ connected: true, display: '', media: 0, text: 'Connect Wallet', beside: hidden })
  expect(copy!.element).not.toBe(hidden)
  expect(copy!.element.isConnected).toBe(false)
  expect(root.children).toHaveLength(3)
  expect(hidden.style.display).toBe('none')
  expect(hidden.querySelector('video')).not.toBeNull()
  stop()
})

test('behavior: lays it out again when the hidden dialog changes, at most three times; not for its own copy', async () => {
  const { root, hidden } = closedRoot()
  const stop = warmHiddenDialog(root)
  runIdle()
  await settle()
  runIdle()
  expect(layouts).toHaveLength(1)
  for (const title of ['All Wallets', 'Networks', 'Account']) {
    hidden.querySelector('h2')!.textContent = title
    await settle()
    runIdle()
  }
  expect(layouts.map((l) => l.text)).toEqual(['Connect Wallet', 'All Wallets', 'Networks'])
  stop()
})

test('behavior: nothing hidden (the dialog is open, or React has no <Activity>), nothing is laid out', async () => {
  const { root, hidden } = closedRoot()
  hidden.style.removeProperty('display')
  const stop = warmHiddenDialog(root)
  hidden.querySelector('h2')!.textContent = 'Networks'
  await settle()
  runIdle()
  expect(layouts).toHaveLength(0)
  stop()
})

test('behavior: the stop cancels a pending warm-up and stops watching', async () => {
  const { root, hidden } = closedRoot()
  warmHiddenDialog(root)()
  runIdle()
  hidden.querySelector('h2')!.textContent = 'Networks'
  await settle()
  runIdle()
  expect(layouts).toHaveLength(0)
})
