import type { Observable, OperatorFunction } from 'rxjs'
// Deep rxjs entry point, not the barrel (see createStoreWithCheck.ts).
import { Observable as ObservableClass } from 'rxjs/internal/Observable'
import { isType, type Action, type ActionOf, type ActionType } from '../actions/types.js'
import { isRoutedActions } from './actionRouter.js'

/**
 * Only the actions of these types, narrowed. On the store's action stream (what epics get) the
 * store hands the epic just those types, so an epic costs nothing for the actions it ignores;
 * on any other stream it filters (by hand: rxjs's operator machinery stays off the start-up path).
 * @example action$.pipe(ofType('modal/closeRequested'), map(() => ({ type: 'router/resetRequested' })))
 */
export function ofType<T extends ActionType>(...types: T[]): OperatorFunction<Action, ActionOf<T>> {
  return (source: Observable<Action>) => {
    if (isRoutedActions(source)) return source.route(types) as Observable<ActionOf<T>>
    const is = isType(...types)
    return new ObservableClass<ActionOf<T>>((subscriber) =>
      source.subscribe({
        next: (action) => {
          if (is(action)) subscriber.next(action)
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      }),
    )
  }
}
