import { LIMITS } from '@shared/constants';
import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';

// Appears after scrolling more than 300 px; scrolls smoothly to the top (docs/product/screens.md).
// On a phone (< 640 px) a floating button would lie over the text or the carousel's arrows (issue #18 §6): there it
// only shows once the page is scrolled to its end, in a strip of its own kept empty below the footer.
const PHONE = '(max-width: 639.98px)';
const STRIP_PX = 64;

function shouldShow(): boolean {
  if (window.scrollY <= LIMITS.scrollTopThreshold) return false;
  if (!window.matchMedia?.(PHONE).matches) return true;
  return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - STRIP_PX;
}

export function ScrollToTop() {
  const [isVisible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(shouldShow());
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return (
    <>
      <div aria-hidden className="h-16 shrink-0 sm:hidden" />
      {isVisible ? (
        <button
          type="button"
          aria-label="Remonter en haut de la page"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          className="fixed right-4 bottom-2 z-40 flex h-12 w-12 items-center justify-center rounded-full bg-amber-400 text-emerald-950 shadow-lg hover:bg-amber-300 sm:bottom-4"
        >
          <ArrowUp aria-hidden="true" />
        </button>
      ) : null}
    </>
  );
}
