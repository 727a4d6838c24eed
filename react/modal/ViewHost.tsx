import { Suspense, useLayoutEffect, type ComponentType } from 'react'
import { useT } from '../i18n/useT.js'
import type { View } from '../../core/actions/views.js'
import { shallowEqual, useAirlockSelector } from '../hooks/useAirlockSelector.js'
import { activeElementOf } from './useDialogFocus.js'
import { LoadBoundary } from './LoadBoundary.js'
import { lazyView, type PreloadableComponent } from './lazyView.js'
import { useAnimatedHeight } from './useAnimatedHeight.js'
import { Spinner } from './parts/Spinner.js'
import { Account } from './views/Account.js'
import { AllWallets } from './views/AllWallets.js'
import { Connect } from './views/Connect.js'
import { ConnectingExternal } from './views/ConnectingExternal.js'
import { Networks } from './views/Networks.js'
import { Unavailable } from './views/Unavailable.js'
import { UnsupportedChain } from './views/UnsupportedChain.js'

/**
 * The light views ship inside the modal chunk (about 1 KB gzip each): one request instead of one
 * per view, and no loading state when moving between them. Heavy or optional views stay chunks of
 * their own, loaded when first shown (or ahead of it, see `preloadView`).
 */
const VIEWS: Partial<Record<View, ComponentType | PreloadableComponent<object>>> = {
  Connect,
  AllWallets,
  ConnectingExternal,
  Account,
  Networks,
  UnsupportedChain,
  SIWXSignMessage: lazyView(() => import('./views/SIWXSignMessage.js').then((m) => ({ default: m.SIWXSignMessage }))),
  EmailVerifyOtp: lazyView(() => import('./views/EmailVerifyOtp.js').then((m) => ({ default: m.EmailVerifyOtp }))),
  EmailVerifyDevice: lazyView(() => import('./views/EmailVerifyDevice.js').then((m) => ({ default: m.EmailVerifyDevice }))),
  UpdateEmail: lazyView(() => import('./views/UpdateEmail.js').then((m) => ({ default: m.UpdateEmail }))),
  ConnectingSocial: lazyView(() => import('./views/ConnectingSocial.js').then((m) => ({ default: m.ConnectingSocial }))),
  ConnectingFarcaster: lazyView(() => import('./views/ConnectingFarcaster.js').then((m) => ({ default: m.ConnectingFarcaster }))),
  ApproveTransaction: lazyView(() => import('./views/ApproveTransaction.js').then((m) => ({ default: m.ApproveTransaction }))),
  ConnectingWalletConnect: lazyView(() => import('./views/ConnectingWalletConnect.js').then((m) => ({ default: m.ConnectingWalletConnect }))),
  ConnectingWalletConnectBasic: lazyView(() => import('./views/ConnectingWalletConnectBasic.js').then((m) => ({ default: m.ConnectingWalletConnectBasic }))),
  Receive: lazyView(() => import('./views/Receive.js').then((m) => ({ default: m.Receive }))),
  Send: lazyView(() => import('./views/Send.js').then((m) => ({ default: m.Send }))),
  Swap: lazyView(() => import('./views/Swap.js').then((m) => ({ default: m.Swap }))),
  OnRampProviders: lazyView(() => import('./views/OnRampProviders.js').then((m) => ({ default: m.OnRampProviders }))),
  RegisterAccountName: lazyView(() => import('./views/RegisterAccountName.js').then((m) => ({ default: m.RegisterAccountName }))),
  RegisterAccountNameSuccess: lazyView(() => import('./views/RegisterAccountName.js').then((m) => ({ default: m.RegisterAccountNameSuccess }))),
}

/**
 * Fetches a view's chunk before it is shown, so it renders without a loading state.
 * @example await preloadView('Connect')
 */
export function preloadView(view: View): Promise<void> {
  const component = VIEWS[view]
  return component && 'preload' in component ? component.preload() : Promise.resolve()
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
  const t = useT()
  return (
    <div className="body" style={height === undefined ? undefined : { height }}>
      <div ref={measure} key={`${depth}:${view}`} className="view" data-view={view} data-transition={transition ?? undefined}>
        <LoadBoundary fallback={<ViewFailed />}>
          <Suspense
            fallback={
              <div data-airlock="view-loading">
                <Spinner label={t('common.loading')} size="lg" />
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
  const t = useT()
  return (
    <div className="center" role="alert">
      <p className="lead">{t('common.viewFailed.title')}</p>
      <p className="muted">{t('common.viewFailed.hint')}</p>
    </div>
  )
}
