import { LIMITS } from '@shared/constants';
import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';

/** Appears after scrolling more than 300 px; scrolls smoothly to the top (spec §2). */
export function ScrollToTop() {
  const [isVisible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > LIMITS.scrollTopThreshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!isVisible) return null;
  return (
    <button
      type="button"
      aria-label="Remonter en haut de la page"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className="fixed right-4 bottom-4 z-40 flex h-12 w-12 items-center justify-center rounded-full bg-amber-400 text-emerald-950 shadow-lg hover:bg-amber-300"
    >
      <ArrowUp aria-hidden="true" />
    </button>
  );
}
