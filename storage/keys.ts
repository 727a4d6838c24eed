import { z } from 'zod'
import type { PersistedValues } from '../core/actions/types.js'
import { CHAIN_NAMESPACES } from '../core/chains/index.js'
import { socialLoginMarkerSchema } from '../core/connectors/auth/socialLoginMarker.js'
import { RECENT_WALLETS_MAX } from '../core/constants/limits.js'
import {
  accountTypeSchema,
  caipAddress,
  caipNetworkId,
  cacheSchema,
  connectionStatusSchema,
  deepLinkHref,
  identitySchema,
  MAX_TEXT,
  namespaceSchema,
  nameRecordSchema,
  nativeBalanceSchema,
  perNamespace,
  safeKey,
  socialProviderSchema,
  text,
  timestamp,
  tokenBalanceSchema,
  unique,
} from './schemas.js'

/** Older code may have kept more recent wallets; anything this long is not ours. */
const RECENT_WALLETS_STORED_MAX = 20

const recentWallet = z.object({ id: text, name: text, rdns: text.optional() }).strict()

const storedConnection = z.object({ connectorId: text, caipAddress }).strict()

/** One entry of the map: the storage key and the schema every read and write goes through. */
interface KeyEntry<S extends z.ZodTypeAny = z.ZodTypeAny> {
  readonly key: string
  readonly schema: S
  /** What a read yields for a present but invalid value; absent (undefined) when not set. */
  readonly whenInvalid?: z.output<S>
}

const entry = <S extends z.ZodTypeAny>(key: string, schema: S): KeyEntry<S> => ({ key, schema })

/**
 * Every persisted key of SPEC 3, by logical name. The core-managed names are
 * exactly the fields of `PersistedValues`; the rest belong to feature modules.
 */
export const STORAGE_KEYS = {
  activeNamespace: entry('@airlock/active_namespace', namespaceSchema),
  activeCaipNetworkId: entry('@airlock/active_caip_network_id', caipNetworkId),
  recentWallets: entry(
    '@airlock/recent_wallets',
    z
      .array(recentWallet)
      .max(RECENT_WALLETS_STORED_MAX)
      .transform((wallets) => wallets.slice(0, RECENT_WALLETS_MAX)),
  ),
  connectedConnectorIds: entry('@airlock/connected_connector_ids', perNamespace(text)),
  connectionStatus: entry('@airlock/connection_status', perNamespace(connectionStatusSchema)),
  connectedNamespaces: entry(
    '@airlock/connected_namespaces',
    z.array(namespaceSchema).max(CHAIN_NAMESPACES.length).refine(unique, 'Duplicate namespace'),
  ),
  connections: entry(
    '@airlock/connections',
    // A connection filed under one namespace with another namespace's address is not ours.
    perNamespace(storedConnection).refine(
      (record) => Object.entries(record).every(([ns, connection]) => connection?.caipAddress.startsWith(`${ns}:`)),
      'Address does not match its namespace',
    ),
  ),
  deeplinkChoice: entry('@airlock/deeplink_choice', z.object({ href: deepLinkHref, name: text }).strict()),
  connectedSocial: entry('@airlock/connected_social', socialProviderSchema),
  socialUsername: entry('@airlock/social_username', text),
  telegramSocialProvider: entry('@airlock/telegram_social_provider', socialProviderSchema),
  portfolioCache: entry('@airlock/portfolio_cache', cacheSchema(caipAddress, z.array(tokenBalanceSchema).max(500))),
  nativeBalanceCache: entry('@airlock/native_balance_cache', cacheSchema(caipAddress, nativeBalanceSchema)),
  nameCache: entry('@airlock/name_cache', cacheSchema(safeKey, z.array(nameRecordSchema).max(20))),
  identityCache: entry('@airlock/identity_cache', cacheSchema(safeKey, identitySchema)),
  preferredAccountTypes: entry('@airlock/preferred_account_types', perNamespace(accountTypeSchema)),
  walletLastUsedChain: entry(
    '@airlock-wallet/last_used_chain',
    z.union([z.number().int().nonnegative().safe(), caipNetworkId]),
  ),
  walletEmail: entry('@airlock-wallet/email', z.string().max(254).email()),
  walletSocialUsername: entry('@airlock-wallet/social_username', text),
  walletEmailLoginUsed: entry('@airlock-wallet/email_login_used', z.boolean()),
  walletLastEmailLoginTime: {
    ...entry('@airlock-wallet/last_email_login_time', timestamp),
    // A cooldown must fail closed: garbage reads as "in the future", see readCooldownStart.
    whenInvalid: Number.POSITIVE_INFINITY,
  },
  // A social login this browser started (issue L-9): its OAuth state, provider and expiry.
  walletSocialLoginStarted: entry('@airlock-wallet/social_login_started', socialLoginMarkerSchema),
  walletSmartAccountEnabledNetworks: entry(
    '@airlock-wallet/smart_account_enabled_networks',
    z.array(z.number().int().nonnegative().safe()).max(MAX_TEXT).refine(unique, 'Duplicate network'),
  ),
} as const

export type StorageName = keyof typeof STORAGE_KEYS

/** The validated value type of every logical name. */
export type StoredValues = { [K in StorageName]: z.output<(typeof STORAGE_KEYS)[K]['schema']> }

/** Raw, unvalidated values by logical name, as handed to a `migrate` hook. */
export type RawStoredValues = Partial<Record<StorageName, unknown>>

/** The names the core state manages (the fields of `PersistedValues`), in a stable order. */
export const PERSISTED_NAMES = [
  'activeNamespace',
  'activeCaipNetworkId',
  'recentWallets',
  'connectedConnectorIds',
  'connectionStatus',
  'connectedNamespaces',
  'connections',
] as const satisfies readonly (keyof PersistedValues & StorageName)[]

// Compile-time proof that the list is complete and that the schemas produce what core expects.
type Missing = Exclude<keyof PersistedValues, (typeof PERSISTED_NAMES)[number]>
const persistedNamesComplete: Missing extends never ? true : Missing = true
const persistedShapesMatch = (values: Pick<StoredValues, keyof PersistedValues>): Required<PersistedValues> => values
void persistedNamesComplete
void persistedShapesMatch

export const STORAGE_VERSION_KEY = '@airlock/storage_version'
export const storageVersionSchema = z.number().int().nonnegative().safe()

/** Every storage key, the version key included (what `clear()` removes). */
export const ALL_STORAGE_KEYS: readonly string[] = [STORAGE_VERSION_KEY, ...Object.values(STORAGE_KEYS).map((e) => e.key)]
