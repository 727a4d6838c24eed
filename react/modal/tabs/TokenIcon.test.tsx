// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { render, testAirlock } from '../../testing/renderAirlock.js'
import { CurrencyIcon, TokenIcon } from './TokenIcon.js'

afterEach(() => {
  document.body.innerHTML = ''
})

const API = 'https://api.example'
const fail = (img: Element) => act(() => void img.dispatchEvent(new Event('error')))

describe('TokenIcon and CurrencyIcon (issue 18 part 4: images from the data service, letters last)', () => {
  test('behavior: the data’s own icon first, then /public/getTokenImage/{symbol}, then the letter', () => {
    const airlock = testAirlock({ projectId: 'p1', apiUrl: API })
    const { container } = render(airlock, <TokenIcon url="https://api.example/icons/usdc.png" symbol="USDC" />)
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://api.example/icons/usdc.png')
    fail(container.querySelector('img')!)
    const api = new URL(container.querySelector('img')!.getAttribute('src')!)
    expect(`${api.origin}${api.pathname}`).toBe(`${API}/public/getTokenImage/USDC`)
    expect(api.searchParams.get('projectId')).toBe('p1')
    fail(container.querySelector('img')!)
    expect(container.querySelector('img')).toBeNull()
    expect(container.textContent).toBe('U')
  })

  test('parameters: without a project id there is no service image: the letter (and a symbol cannot leave the route)', () => {
    const bare = testAirlock()
    expect(render(bare, <TokenIcon url="" symbol="ETH" />).container.textContent).toBe('E')
    const airlock = testAirlock({ projectId: 'p1', apiUrl: API })
    const { container } = render(airlock, <TokenIcon url="" symbol="../../x?y" />)
    expect(container.querySelector('img')?.getAttribute('src')).toMatch(/^https:\/\/api\.example\/public\/getTokenImage\/\.\.%2F\.\.%2Fx%3Fy\?/)
  })

  test('behavior: a currency’s image from /public/getCurrencyImage/{code}, its letter when it fails', () => {
    const airlock = testAirlock({ projectId: 'p1', apiUrl: API })
    const { container } = render(airlock, <CurrencyIcon code="EUR" />)
    expect(new URL(container.querySelector('img')!.getAttribute('src')!).pathname).toBe('/public/getCurrencyImage/EUR')
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('')
    fail(container.querySelector('img')!)
    expect(container.textContent).toBe('E')
  })
})
