import { catchError, defer, EMPTY, from, map, of, switchMap, type Observable } from 'rxjs'
import type { Action } from '../actions/types.js'
import type { AirlockDeps } from '../deps.js'
import { toErrorInfo } from '../errors/BaseError.js'
import type { AirlockState } from '../state.js'
import { ofType } from '../store/ofType.js'
import type { Epic } from '../store/types.js'
import { catalogues } from './catalogues.js'
import { loadCatalogue } from './loadCatalogue.js'
import { resolveLocale } from './locales.js'

/**
 * Brings the views' language: at start (the `locale` option) and on each `theme/localeChanged`
 * (`setLocale`), loads that language's catalogue chunk, keeps it in `catalogues`, then says
 * `theme/catalogueLoaded`; the latest choice wins. English is built in: choosing it (or a language
 * Airlock has no catalogue for) shows English at once. A chunk that fails to load leaves the
 * views as they are (`theme/catalogueFailed`); choosing the language again tries again.
 * `load` is the chunk loader (tests pass a failing one).
 * @example store.dispatch({ type: 'theme/localeChanged', locale: 'es-MX' }) // … theme/catalogueLoaded { locale: 'es' }
 */
export const localeEpic =
  (load = loadCatalogue): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, state$) =>
    action$.pipe(
      ofType('app/started', 'theme/localeChanged'),
      switchMap((action): Observable<Action> => {
        const { theme, options } = state$.value
        const locale = resolveLocale(action.type === 'theme/localeChanged' ? action.locale : options.locale)
        if (locale === 'en') return action.type === 'app/started' || theme.catalogue === undefined || theme.catalogue === 'en' ? EMPTY : of<Action>({ type: 'theme/catalogueLoaded', locale })
        if (catalogues.has(locale)) return theme.catalogue === locale ? EMPTY : of<Action>({ type: 'theme/catalogueLoaded', locale })
        return defer(() => from(load(locale))).pipe(
          map((messages): Action => {
            catalogues.set(locale, messages)
            return { type: 'theme/catalogueLoaded', locale }
          }),
          catchError((error: unknown) => of<Action>({ type: 'theme/catalogueFailed', locale, error: toErrorInfo(error, 'Could not load the language') })),
        )
      }),
    )
