import { lazy, Suspense, useLayoutEffect, type ComponentType, type LazyExoticComponent } from 'react'
import type { View } from '../../core/actions/views.js'
import { shallowEqual, useAirlockSelector } from '../hooks/useAirlockSelector.js'
import { activeElementOf } from './useDialogFocus.js'
import { LoadBoundary } from './LoadBoundary.js'
import { useAnimatedHeight } from './useAnimatedHeight.js'
import { Spinner } from './parts/Spinner.js'
import { Unavailable } from './views/Unavailable.js'

/** Each view is its own chunk, loaded when first shown. */
const VIEWS: Partial<Record<View, LazyExoticComponent<ComponentType>>> = {
  Connect: lazy(() => import('./views/Connect.js').then((m) => ({ default: m.Connect }))),
  AllWallets: lazy(() => import('./views/AllWallets.js').then((m) => ({ default: m.AllWallets }))),
  ConnectingExternal: lazy(() => import('./views/ConnectingExternal.js').then((m) => ({ default: m.ConnectingExternal }))),
  Account: lazy(() => import('./views/Account.js').then((m) => ({ default: m.Account }))),
  Networks: lazy(() => import('./views/Networks.js').then((m) => ({ default: m.Networks }))),
  UnsupportedChain: lazy(() => import('./views/UnsupportedChain.js').then((m) => ({ default: m.UnsupportedChain }))),
}

/** The current view, sliding in by `router.transition`, inside a body whose height animates. */
export function ViewHost({ dialog }: { dialog: { readonly current: HTMLElement | null } }) {
  const { view, depth, transition } = useAirlockSelector(
    (state) => ({ view: state.router.view, depth: state.router.history.length, transition: state.router.transition }),
    shallowEqual,
  )
  const [measure, height] = useAnimatedHeight()
  // The control that had focus may be gone with the old view: keep focus in the dialog.
  useLayoutEffect(() => {
    const element = dialog.current
    if (element && !element.contains(activeElementOf(element))) element.focus()
  }, [dialog, view, depth])
  const Component = VIEWS[view] ?? Unavailable
  return (
    <div className="body" style={height === undefined ? undefined : { height }}>
      <div ref={measure} key={`${depth}:${view}`} className="view" data-view={view} data-transition={transition ?? undefined}>
        <LoadBoundary fallback={<ViewFailed />}>
          <Suspense
            fallback={
              <div data-airlock="view-loading">
                <Spinner label="Loading" size="lg" />
              </div>
            }
          >
            <Component />
          </Suspense>
        </LoadBoundary>
      </div>
    </div>
  )
}

function ViewFailed() {
  return (
    <div className="center" role="alert">
      <p className="lead">This screen could not be loaded</p>
      <p className="muted">Check your connection, then close and open this window again.</p>
    </div>
  )
}
