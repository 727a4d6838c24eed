import type { Observable, OperatorFunction } from 'rxjs'
// Deep rxjs entry point, not the barrel (see createStoreWithCheck.ts).
import { filter } from 'rxjs/internal/operators/filter'
import { isType, type Action, type ActionOf, type ActionType } from '../actions/types.js'
import { isRoutedActions } from './actionRouter.js'

/**
 * Only the actions of these types, narrowed. On the store's action stream (what epics get) the
 * store hands the epic just those types, so an epic costs nothing for the actions it ignores;
 * on any other stream it filters.
 * @example action$.pipe(ofType('modal/closeRequested'), map(() => ({ type: 'router/resetRequested' })))
 */
export function ofType<T extends ActionType>(...types: T[]): OperatorFunction<Action, ActionOf<T>> {
  return (source: Observable<Action>) => (isRoutedActions(source) ? (source.route(types) as Observable<ActionOf<T>>) : source.pipe(filter(isType(...types))))
}
