import type { CSSProperties } from 'react'

export type ButtonSize = 'sm' | 'md'

/** The buttons live in the host page (the modal has the shadow root): inline styles, themed by `--airlock-*` with fallbacks. */
export function buttonStyle(size: ButtonSize, variant: 'accent' | 'neutral'): CSSProperties {
  return {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 8,
    maxWidth: '100%',
    height: size === 'sm' ? 32 : 40,
    padding: size === 'sm' ? '0 10px' : '0 14px',
    border: '1px solid var(--airlock-border, rgba(0,0,0,.1))',
    borderRadius: 'var(--airlock-border-radius, 12px)',
    background: variant === 'accent' ? 'var(--airlock-accent, #1d6fe5)' : 'var(--airlock-surface, #f1f3f3)',
    color: variant === 'accent' ? 'var(--airlock-on-accent, #fff)' : 'var(--airlock-foreground, #141414)',
    font: `600 ${size === 'sm' ? 13 : 15}px/1 var(--airlock-font-family, system-ui, -apple-system, "Segoe UI", sans-serif)`,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
  }
}

export const truncateStyle: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }
