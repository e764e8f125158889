import { useEffect, useRef, useState } from 'react'
import { useNavigation } from 'react-router'

/** Spec §9: 5000 ms nominal duration, shown only after 200 ms, hidden 500 ms after the navigation ends. */
export const LOADING_BAR = { duration: 5000, throttle: 200, hideDelay: 500 } as const

type Phase = 'idle' | 'running' | 'done'

/**
 * The pink bar on top of the page during route loading. Fast navigations (under 200 ms) never show it; a slow
 * one creeps to 90 % over 5 s (it cannot know the real progress), then fills and fades out.
 */
export function LoadingBar() {
  const busy = useNavigation().state !== 'idle'
  const [phase, setPhase] = useState<Phase>('idle')
  const [progress, setProgress] = useState(0)
  const phaseRef = useRef(phase)
  phaseRef.current = phase

  useEffect(() => {
    if (busy) {
      const t = setTimeout(() => {
        setProgress(0)
        setPhase('running')
      }, LOADING_BAR.throttle)
      return () => clearTimeout(t)
    }
    if (phaseRef.current === 'running') {
      setProgress(1)
      setPhase('done')
    }
  }, [busy])

  useEffect(() => {
    if (phase === 'running') {
      // Two frames so the browser paints 0 % before the transition towards 90 % starts.
      let inner = 0
      const outer = requestAnimationFrame(() => {
        inner = requestAnimationFrame(() => setProgress(0.9))
      })
      return () => {
        cancelAnimationFrame(outer)
        cancelAnimationFrame(inner)
      }
    }
    if (phase === 'done') {
      const t = setTimeout(() => setPhase('idle'), LOADING_BAR.hideDelay)
      return () => clearTimeout(t)
    }
  }, [phase])

  const visible = phase !== 'idle'
  return (
    <div
      aria-hidden="true"
      data-loading-bar={phase}
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-[3px]"
      style={{ opacity: phase === 'running' ? 1 : 0, transition: `opacity ${phase === 'done' ? LOADING_BAR.hideDelay : 0}ms ease-in` }}
    >
      {visible && (
        <div
          className="h-full origin-left bg-accent-600 shadow-[0_0_8px_rgb(219_39_119/0.6)]"
          style={{
            transform: `scaleX(${progress})`,
            transition:
              phase === 'running' && progress > 0
                ? `transform ${LOADING_BAR.duration}ms cubic-bezier(0.1, 0.6, 0.3, 1)`
                : 'transform 200ms ease-out',
          }}
        />
      )}
    </div>
  )
}
