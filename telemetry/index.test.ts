import { expect, test } from 'vitest'
import * as telemetry from './index.js'

test('exports', () => {
  expect(Object.keys(telemetry).sort()).toEqual([
    'MAX_CONCURRENT_SENDS',
    'MAX_MESSAGE_CHARS',
    'MAX_PENDING_SENDS',
    'MAX_STACK_CHARS',
    'canSendAnalytics',
    'capErrors',
    'connectMethod',
    'domainOf',
    'sanitizePageUrl',
    'scrubText',
    'telemetryEpic',
    'toAnalyticsEvent',
    'withErrorReporting',
  ])
})
