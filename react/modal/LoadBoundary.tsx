import { Component, type ReactNode } from 'react'

interface Props {
  fallback: ReactNode
  onError?: (error: { message: string }) => void
  children?: ReactNode
}

/**
 * Contains a lazy chunk that fails to load (offline, a deploy removed it) or
 * throws while rendering, so the host page's React tree never goes down with it.
 */
export class LoadBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError?.({ message: error instanceof Error && error.message ? error.message : 'Something went wrong' })
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
