import type { Observable, Subscription } from 'rxjs'
// The deep entry point, not the barrel (issue #7, see createAirlock.ts).
import { EmptyError } from 'rxjs/internal/util/EmptyError'
import type { AirlockState } from './state.js'

/**
 * `firstValueFrom(state$.pipe(filter(initialized)))` without the operators: nothing else on the
 * start-up path uses them, so they stay out of the page's initial JavaScript (issue #7). Like
 * `firstValueFrom`, it rejects with `EmptyError` when the store is destroyed first.
 */
export function whenInitialized(state$: Observable<AirlockState>): Promise<AirlockState> {
  return new Promise((resolve, reject) => {
    let done = false
    let subscription: Subscription | undefined
    subscription = state$.subscribe({
      next: (state) => {
        if (done || !state.app.initialized) return
        done = true
        resolve(state)
        subscription?.unsubscribe()
      },
      error: reject,
      complete: () => reject(new EmptyError()),
    })
    // The state may already be initialized: then it resolved during subscribe, before `subscription` was set.
    if (done) subscription.unsubscribe()
  })
}
