import { filter, firstValueFrom, lastValueFrom, of, toArray } from 'rxjs'
import { afterEach, describe, expect, test } from 'vitest'
import { initialState, reduce, stateFollowing } from '../../tests/support/state.js'
import type { Action } from '../actions/types.js'
import { mainnet } from '../chains/networks.js'
import { createAirlock, type Airlock } from '../createAirlock.js'
import type { AirlockDeps } from '../deps.js'
import { catalogues } from './catalogues.js'
import { localeEpic } from './localeEpic.js'
import { translator } from '../../react/i18n/useT.js'

const started: Action = { type: 'app/started', environment: { origin: null, pageUrl: null, isMobile: false, ssr: true } }
const types = (airlock: Airlock) => airlock.log.entries().map((entry) => entry.action).filter((action) => action.type.startsWith('theme/'))
const shown = (airlock: Airlock, locale: string) => firstValueFrom(airlock.state$.pipe(filter((state) => state.theme.catalogue === locale)))

let airlock: Airlock | undefined
afterEach(() => {
  airlock?.destroy()
  airlock = undefined
})

describe('localeEpic in a store', () => {
  test('default: the locale option loads its language at start (es-MX → es), and the views read it', async () => {
    airlock = createAirlock({ networks: [mainnet], locale: 'es-MX', deps: { window: undefined } })
    await shown(airlock, 'es')
    expect(types(airlock)).toEqual([{ type: 'theme/catalogueLoaded', locale: 'es' }])
    expect(catalogues.has('es')).toBe(true)
    expect(translator('es')('button.connect')).toBe('Conectar billetera')
    expect(translator('es').locale).toBe('es')
  })

  test('behavior: setLocale switches, the latest choice wins, English comes back at once, Arabic is right to left', async () => {
    airlock = createAirlock({ networks: [mainnet], deps: { window: undefined } })
    await airlock.ready()
    airlock.dispatch({ type: 'theme/localeChanged', locale: 'ja' })
    airlock.dispatch({ type: 'theme/localeChanged', locale: 'ar' })
    await shown(airlock, 'ar')
    expect(types(airlock).filter((a) => a.type === 'theme/catalogueLoaded')).toEqual([{ type: 'theme/catalogueLoaded', locale: 'ar' }])
    expect(translator('ar').rtl).toBe(true)
    airlock.dispatch({ type: 'theme/localeChanged', locale: 'en-GB' })
    await shown(airlock, 'en')
    expect(translator(airlock.getState().theme.catalogue)('button.connect')).toBe('Connect Wallet')
  })

  test('edge: a language without a catalogue (or English) at start does nothing; the views show English', async () => {
    airlock = createAirlock({ networks: [mainnet], locale: 'fr', deps: { window: undefined } })
    await airlock.ready()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(types(airlock)).toEqual([])
    expect(translator(airlock.getState().theme.catalogue)('title.Connect')).toBe('Connect Wallet')
  })
})

describe('localeEpic on its own', () => {
  test('failure: a chunk that cannot load says so and leaves the shown language; asking again tries again', async () => {
    let calls = 0
    const load = () => (calls += 1, Promise.reject(new Error('Failed to fetch dynamically imported module')))
    const state = initialState({ networks: [mainnet], locale: 'zh-CN' })
    catalogues.delete('zh')
    const { state$ } = stateFollowing(state)
    const out = await lastValueFrom(localeEpic(load)(of<Action[]>(started, { type: 'theme/localeChanged', locale: 'zh' }), state$, {} as AirlockDeps).pipe(toArray()))
    expect(out).toEqual([{ type: 'theme/catalogueFailed', locale: 'zh', error: { message: 'Failed to fetch dynamically imported module' } }])
    expect(calls).toBe(2)
    expect(reduce(state, ...out).theme.catalogue).toBeUndefined()
  })
})
