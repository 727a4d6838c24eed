// @vitest-environment happy-dom
import { act } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, test, vi } from 'vitest'
import { AirlockProvider } from './AirlockProvider.js'
import { ConnectButton } from './components/ConnectButton.js'
import { NetworkButton } from './components/NetworkButton.js'
import { byText, connect, hosts, testAirlock, waitFor } from './testing/renderAirlock.js'

afterEach(() => {
  document.body.innerHTML = ''
})

test('behavior: server markup hydrates without mismatch, then shows the live state and appends the host', async () => {
  const airlock = testAirlock()
  connect(airlock)
  const ui = (
    <AirlockProvider airlock={airlock}>
      <NetworkButton />
      <ConnectButton />
    </AirlockProvider>
  )
  const container = document.createElement('div')
  container.innerHTML = renderToString(ui)
  document.body.appendChild(container)
  expect(byText(container, 'button', 'Connect Wallet')).toBeTruthy()
  const onRecoverableError = vi.fn()
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  let root: Root | undefined
  act(() => {
    root = hydrateRoot(container, ui, { onRecoverableError })
  })
  await waitFor(() => expect(byText(container, 'button', '0x71C7…d8976F')).toBeTruthy())
  expect(onRecoverableError).not.toHaveBeenCalled()
  expect(errors).not.toHaveBeenCalled()
  expect(hosts()).toHaveLength(1)
  errors.mockRestore()
  act(() => root?.unmount())
  expect(hosts()).toHaveLength(0)
})
