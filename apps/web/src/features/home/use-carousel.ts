import { type FocusEvent, useCallback, useEffect, useRef, useState } from 'react';
import { prefersSavingData } from '@web/lib/save-data';

/**
 * Index of an auto-advancing carousel that wraps both ways (docs/product/states.md).
 * Rotation stops while the tab is hidden, while the visitor has paused it, and while keyboard focus is inside
 * (WCAG 2.2.2); a manual move restarts the interval so the new item gets its full time on screen.
 * It starts paused when the visitor saves data (Save-Data): each slide's image would be a download.
 * `shownSince` (a performance.now() time) shortens the first item's turn when it was on screen before React ran.
 */
export function useCarousel(count: number, intervalMs: number, shownSince?: number) {
  const [rawIndex, setIndex] = useState(0);
  const [isPaused, setPaused] = useState(false);
  const [hasKeyboardFocus, setKeyboardFocus] = useState(false);
  const [isHidden, setHidden] = useState(() => typeof document !== 'undefined' && document.hidden);
  const [restarts, setRestarts] = useState(0);
  // Starts paused when saving data; read after the first render, so the hydrated markup matches the prerendered one.
  useEffect(() => {
    if (prefersSavingData()) setPaused(true);
  }, []);
  // The first turn's length, used once by the first timer (then every turn is intervalMs).
  const firstTurnMs = useRef<number | null>(shownSince === undefined ? null : intervalMs - (performance.now() - shownSince));

  useEffect(() => {
    const onVisibility = () => setHidden(document.hidden);
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const isRotating = count > 1 && !isPaused && !hasKeyboardFocus && !isHidden;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `restarts` restarts the timer after a manual move
  useEffect(() => {
    if (!isRotating) return;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = (delay: number) => {
      timer = setTimeout(() => {
        setIndex((i) => (i + 1) % count);
        schedule(intervalMs);
      }, delay);
    };
    schedule(Math.max(0, firstTurnMs.current ?? intervalMs));
    firstTurnMs.current = null;
    return () => clearTimeout(timer);
  }, [isRotating, count, intervalMs, restarts]);

  const move = useCallback(
    (delta: number) => {
      if (count === 0) return;
      setIndex((i) => (((i + delta) % count) + count) % count);
      setRestarts((n) => n + 1);
    },
    [count],
  );

  const focusHandlers = {
    onFocus: (e: FocusEvent<HTMLElement>) => {
      if (e.target.matches(':focus-visible')) setKeyboardFocus(true);
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setKeyboardFocus(false);
    },
  };

  return {
    index: count > 0 ? rawIndex % count : 0,
    next: () => move(1),
    previous: () => move(-1),
    isPaused,
    togglePaused: () => setPaused((p) => !p),
    isRotating,
    focusHandlers,
  };
}
