/** The EIP-1193 surface Airlock uses; wallets' providers are checked against it at the edge. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: unknown[]) => void): unknown
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown
}

/**
 * Live wallet providers by connector id. They are objects with functions, so
 * they live here in deps, never in actions or state; state holds only the id.
 */
export interface ProviderRegistry {
  get(connectorId: string): Eip1193Provider | undefined
  register(connectorId: string, provider: Eip1193Provider): void
  unregister(connectorId: string): void
  ids(): string[]
}

/** A fresh, empty registry (one per Airlock instance). */
export function createProviderRegistry(): ProviderRegistry {
  const providers = new Map<string, Eip1193Provider>()
  return {
    get: (id) => providers.get(id),
    register: (id, provider) => void providers.set(id, provider),
    unregister: (id) => void providers.delete(id),
    ids: () => [...providers.keys()],
  }
}
