import { EMPTY, Subject } from 'rxjs'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { StateObservable } from '../../store/types.js'
import { createSessionHolder, type SessionHolder } from './createSessionHolder.js'
import { STORAGE_RECOVERY_NOTICES, storageRecoveryEpic } from './storageRecoveryEpic.js'
import type { StorageRecoveryReason, UniversalProviderLike } from './universalProvider.js'

/** What the SDK's storage guard did, as actions (issue 21, faults 6e and 6g). The real guard and SDK: tests/integration/walletConnect.storage.test.ts. */
const INIT = () => ({ projectId: 'p', relayUrl: 'ws://127.0.0.1:1', metadata: { name: '', description: '', url: '', icons: [] } })

describe('storageRecoveryEpic', () => {
  test('default: each report becomes storageRecovered and an info notification naming the cause', () => {
    const reports = new Subject<StorageRecoveryReason>()
    let id = 0
    const deps = { id: () => `n${++id}` } as unknown as AirlockDeps
    const out: Action[] = []
    const subscription = storageRecoveryEpic({ storageRecovered$: reports } as unknown as SessionHolder)(EMPTY, {} as StateObservable<AirlockState>, deps).subscribe((a) => out.push(a))
    reports.next('full')
    reports.next('reset')
    subscription.unsubscribe()
    reports.next('unavailable')
    expect(out).toEqual([
      { type: 'walletConnect/storageRecovered', reason: 'full' },
      { type: 'notifications/showRequested', notification: { id: 'n1', variant: 'info', message: 'Browser storage is full', description: 'A reload will need a new QR scan.' } },
      { type: 'walletConnect/storageRecovered', reason: 'reset' },
      { type: 'notifications/showRequested', notification: { id: 'n2', variant: 'info', ...STORAGE_RECOVERY_NOTICES.reset } },
    ])
  })

  test('behavior: the session holder hands its reporter to the provider factory and passes on what it hears', async () => {
    const heard: StorageRecoveryReason[] = []
    const holder = createSessionHolder(
      async (_init, report) => {
        report?.('reset')
        report?.('unavailable')
        return { on: () => undefined, removeListener: () => undefined } as unknown as UniversalProviderLike
      },
      INIT,
      () => 'eip155:1',
    )
    holder.storageRecovered$.subscribe((reason) => heard.push(reason))
    await holder.provider()
    expect(heard).toEqual(['reset', 'unavailable'])
  })

  test('behavior: every wording fits one toast line (the toast cuts longer text with an ellipsis)', () => {
    const texts = Object.values(STORAGE_RECOVERY_NOTICES).flatMap((n) => [n.message, n.description!])
    for (const text of texts) expect(text.length, text).toBeLessThanOrEqual(34)
  })
})
