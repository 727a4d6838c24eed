// Deep rxjs entry point, not the barrel (see createStoreWithCheck.ts).
import { Observable } from 'rxjs/internal/Observable'
import type { Subscriber } from 'rxjs/internal/Subscriber'
import type { AnyAction } from './types.js'

interface Sink<A> {
  /** Delivery order: subscription order, as an rxjs Subject would deliver. */
  readonly rank: number
  readonly subscriber: Subscriber<A>
  closed: boolean
}

/**
 * Hands each action only to the subscribers that asked for its type (and to those that asked for
 * every action), in subscription order: a dispatch costs the same with 10 or 200 epics listening
 * for other types (ARCHITECTURE "A dispatch's cost must not grow with the number of epics").
 * Epics ask through `ofType` (core/store/ofType.ts) on the `RoutedActions` they are given.
 */
export interface ActionRouter<A extends AnyAction> {
  emit(action: A): void
  complete(): void
  /** Every action, routable by type. */
  readonly actions: RoutedActions<A>
}

/** Attaches `subscriber` for `types` (null: every action) at delivery `rank` (default: after all others); returns the detach. */
export type Attach<A> = (types: readonly string[] | null, subscriber: Subscriber<A>, rank?: number) => { readonly rank: number; detach(): void }

/** An action stream whose `route(types)` narrows it at the source instead of filtering every action. */
export class RoutedActions<A extends AnyAction> extends Observable<A> {
  /** The low-level attach, for a lazy epic that hands its own subscriptions over (core/store/lazyEpic.ts). */
  readonly connect: Attach<A>

  /** The types this stream delivers (null: every action). */
  private readonly types: readonly string[] | null

  constructor(attach: Attach<A>, types: readonly string[] | null = null) {
    super((subscriber) => {
      const { detach } = attach(types, subscriber)
      return detach
    })
    this.connect = attach
    this.types = types
  }

  /** Only the actions of these types, delivered at the source; on a narrowed stream, only those it already delivers (`ofType(a), ofType(b)` delivers nothing, as a filter would). */
  route(types: readonly string[]): Observable<A> {
    const narrowed = this.types
    return new RoutedActions<A>(this.connect, narrowed === null ? types : types.filter((type) => narrowed.includes(type)))
  }
}

/** Whether `source` can be narrowed at its source (see `ofType`). */
export function isRoutedActions(source: unknown): source is RoutedActions<AnyAction> {
  return source instanceof RoutedActions
}

/**
 * @example const router = createActionRouter(); router.actions.route(['a/b']).subscribe(f); router.emit({ type: 'a/b' })
 */
export function createActionRouter<A extends AnyAction>(): ActionRouter<A> {
  let counter = 0
  const all: Sink<A>[] = []
  const byType = new Map<string, Sink<A>[]>()
  // Sinks that asked for no type at all (`ofType()`, or two `ofType`s that share none): they only hear the end.
  const deaf: Sink<A>[] = []
  // Per type: the merged, ordered list of sinks to call. Rebuilt after any (un)subscription.
  const plans = new Map<string, readonly Sink<A>[]>()
  let completed = false

  const attach: Attach<A> = (types, subscriber, rank) => {
    const sink: Sink<A> = { rank: rank ?? ++counter, subscriber, closed: false }
    if (completed) {
      subscriber.complete()
      return { rank: sink.rank, detach: () => undefined }
    }
    const lists = types === null ? [all] : types.length === 0 ? [deaf] : [...new Set(types)].map((type) => byType.get(type) ?? byType.set(type, []).get(type)!)
    for (const list of lists) list.push(sink)
    // Only the plans the change touches are dropped: a request's short-lived `ofType` wait costs one type.
    // Stryker disable next-line ConditionalExpression: `true` only drops more cached plans, each rebuilt the same (this also skips `false`, a throw on null)
    const drop = types === null ? () => plans.clear() : () => types.forEach((type) => plans.delete(type))
    drop()
    return {
      rank: sink.rank,
      detach: () => {
        if (sink.closed) return
        sink.closed = true
        for (const list of lists) list.splice(list.indexOf(sink), 1)
        drop()
      },
    }
  }

  const buildPlan = (type: string): readonly Sink<A>[] => {
    // Sorted even with no typed sinks: `all` is in attach order, and a sink attached with an
    // earlier rank (a lazy epic's handed-over subscriptions) must still come first.
    const plan = [...all, ...(byType.get(type) ?? [])].sort((a, b) => a.rank - b.rank)
    plans.set(type, plan)
    return plan
  }
  const planFor = (type: string): readonly Sink<A>[] => plans.get(type) ?? buildPlan(type)

  return {
    emit(action) {
      // A snapshot: subscribers added meanwhile start with the next action, as with a Subject.
      for (const sink of planFor(action.type)) if (!sink.closed) sink.subscriber.next(action)
    },
    complete() {
      if (completed) return
      completed = true
      const sinks = new Set([...all, ...deaf, ...[...byType.values()].flat()])
      for (const sink of [...sinks].sort((a, b) => a.rank - b.rank)) if (!sink.closed) sink.subscriber.complete()
    },
    actions: new RoutedActions<A>(attach),
  }
}
