/** The zone names are registered in (`<label>.airlock.id`). */
export const NAME_ZONE = 'airlock.id'

/** SPEC 5: letters, digits and hyphens, at least 4 characters. */
export const NAME_LABEL_PATTERN = /^[a-zA-Z0-9-]{4,63}$/

/** SPEC 8 "Names": used when the API gives no reason of its own. */
export const nameErrors = {
  resolve: 'Error resolving name',
  suggestions: 'Error fetching name suggestions',
  reverse: 'Error fetching names for address',
  register: (name: string) => `Error registering name ${name}`,
} as const
