import type { View } from '../../core/actions/views.js'
import { selectConnector } from '../../core/slices/connectors/selectors.js'
import type { AirlockState } from '../../core/state.js'
import type { MessageKey } from '../../core/i18n/en.js'
import type { Translate } from '../i18n/useT.js'

/** The views with a title of their own in the catalogue (`title.<View>`, core/i18n/en/common.ts). */
const TITLED = new Set<View>(['Connect', 'AllWallets', 'Account', 'Networks', 'Receive', 'UnsupportedChain', 'WhatIsAWallet', 'SIWXSignMessage', 'ApproveTransaction', 'RegisterAccountName', 'RegisterAccountNameSuccess', 'Send', 'Swap', 'OnRampProviders', 'Transactions', 'ConnectingWalletConnect', 'ConnectingWalletConnectBasic', 'EmailVerifyOtp', 'EmailVerifyDevice', 'ConnectingFarcaster', 'ConnectingSocial', 'UpdateEmail'])

/** The header title of the current view in the shown language; the connecting view is titled with the wallet's name. */
export function selectViewTitle(state: AirlockState, t: Translate): string {
  const { view, data } = state.router
  if (view === 'ConnectingExternal') {
    const id = data?.['connectorId']
    return selectConnector(state, typeof id === 'string' ? id : undefined)?.name ?? t('common.connecting')
  }
  if (view === 'ConnectingWalletConnect') {
    // The registry wallet the person picked, when there is one (router data came through state, so check it).
    const wallet = data?.['wallet']
    const name = typeof wallet === 'object' && wallet !== null ? (wallet as { name?: unknown }).name : undefined
    if (typeof name === 'string' && name.trim() !== '') return name.length > 40 ? `${name.slice(0, 39)}…` : name
  }
  return TITLED.has(view) ? t(`title.${view}` as MessageKey) : view.replace(/([a-z])([A-Z])/g, '$1 $2')
}
