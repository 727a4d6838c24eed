/** `airlock/telemetry`: analytics events (POST /e), the error cap and error reporting. */
export { capErrors } from './errorCap.js'
export { domainOf, sanitizePageUrl } from './pageUrl.js'
export { MAX_MESSAGE_CHARS, MAX_STACK_CHARS, scrubText } from './scrubText.js'
export { canSendAnalytics, MAX_CONCURRENT_SENDS, MAX_PENDING_SENDS, telemetryEpic } from './telemetryEpic.js'
export type { AnalyticsBody } from './telemetryEpic.js'
export { connectMethod, toAnalyticsEvent } from './toAnalyticsEvent.js'
export type { AnalyticsEvent, ConnectMethod, ErrorProps, TrackProps } from './toAnalyticsEvent.js'
export { withErrorReporting } from './withErrorReporting.js'
