import { useEffect, type RefObject } from 'react'
import type { FrameBounds } from '../../../core/actions/frame.js'
import { useAirlockInstance } from '../../context.js'

/**
 * While `active`, shows the secure frame exactly over `slot` (the approval's place in the modal),
 * in the modal's color scheme, and follows it when the card moves or resizes (view slide, height
 * animation, window resize, mobile keyboard); hides the frame again when inactive or unmounted.
 * The slot is measured every animation frame, but a position is sent only once the card's own
 * animations are over and it has held for two frames: one action per move, not one per frame.
 * @example useFrameOverSlot(slotRef, approval !== null)
 */
export function useFrameOverSlot(slot: RefObject<HTMLElement | null>, active: boolean): void {
  const airlock = useAirlockInstance()
  useEffect(() => {
    const element = slot.current
    const win = element?.ownerDocument.defaultView
    if (!active || !element || !win) return
    let sent: string | null = null
    let last: string | null = null
    let frame = 0
    // Running finite animations in the card (view slide, height change, shake): wait for them to
    // end, or the frame would be placed where the slot is about to leave.
    const card = element.closest('.card') ?? element
    const moving = () => typeof card.getAnimations === 'function' && card.getAnimations({ subtree: true }).some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
    const measure = () => {
      if (moving()) {
        last = null
        frame = win.requestAnimationFrame(measure)
        return
      }
      const rect = element.getBoundingClientRect()
      const bounds: FrameBounds = { top: Math.round(rect.top), left: Math.round(rect.left), width: Math.round(rect.width), height: Math.round(rect.height) }
      const key = `${bounds.top},${bounds.left},${bounds.width},${bounds.height}`
      if (key === last && key !== sent && bounds.width > 0 && bounds.height > 0) {
        sent = key
        const colorScheme = win.getComputedStyle(element).colorScheme === 'dark' ? 'dark' : 'light'
        airlock.dispatch({ type: 'frame/visibilityRequested', visible: true, bounds, colorScheme })
      }
      last = key
      frame = win.requestAnimationFrame(measure)
    }
    frame = win.requestAnimationFrame(measure)
    return () => {
      win.cancelAnimationFrame(frame)
      airlock.dispatch({ type: 'frame/visibilityRequested', visible: false })
    }
  }, [airlock, slot, active])
}
