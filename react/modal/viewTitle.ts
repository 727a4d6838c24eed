import type { View } from '../../core/actions/views.js'
import { selectConnector } from '../../core/slices/connectors/selectors.js'
import type { AirlockState } from '../../core/state.js'

const TITLES: Partial<Record<View, string>> = {
  Connect: 'Connect Wallet',
  AllWallets: 'All Wallets',
  Account: 'Account',
  Networks: 'Choose Network',
  Receive: 'Receive',
  UnsupportedChain: 'Switch Network',
  WhatIsAWallet: 'What is a wallet?',
  SIWXSignMessage: 'Sign In',
  ApproveTransaction: 'Approve Transaction',
  RegisterAccountName: 'Choose Name',
  RegisterAccountNameSuccess: 'Name Registered',
  Send: 'Send',
  Swap: 'Swap',
  OnRampProviders: 'Buy Crypto',
  Transactions: 'Activity',
  ConnectingWalletConnect: 'WalletConnect',
  ConnectingWalletConnectBasic: 'WalletConnect',
  EmailVerifyOtp: 'Confirm Email',
  EmailVerifyDevice: 'Register Device',
  ConnectingFarcaster: 'Farcaster',
  ConnectingSocial: 'Log In',
  UpdateEmail: 'Change Email',
}

/** The header title of the current view; the connecting view is titled with the wallet's name. */
export function selectViewTitle(state: AirlockState): string {
  const { view, data } = state.router
  if (view === 'ConnectingExternal') {
    const id = data?.['connectorId']
    return selectConnector(state, typeof id === 'string' ? id : undefined)?.name ?? 'Connecting'
  }
  if (view === 'ConnectingWalletConnect') {
    // The registry wallet the person picked, when there is one (router data came through state, so check it).
    const wallet = data?.['wallet']
    const name = typeof wallet === 'object' && wallet !== null ? (wallet as { name?: unknown }).name : undefined
    if (typeof name === 'string' && name.trim() !== '') return name.length > 40 ? `${name.slice(0, 39)}…` : name
  }
  return TITLES[view] ?? view.replace(/([a-z])([A-Z])/g, '$1 $2')
}
