import { cn } from '@web/lib/cn';
import { useState } from 'react';
import { missionIcon } from '../data/mission-icons';
import { MISSIONS } from '../data/missions';

/**
 * Missions & Visions (docs/product/screens.md): icon and title; the description shows on hover, on keyboard focus,
 * and on tap (phones have no hover), so it is a disclosure button.
 */
export function MissionsGrid() {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  return (
    <section aria-labelledby="missions-title" className="px-4 py-14">
      <h2 id="missions-title" className="mb-8 text-center text-3xl font-bold text-emerald-950">
        Missions &amp; Visions
      </h2>
      <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-5">
        {MISSIONS.map((mission, i) => {
          const Icon = missionIcon(mission.icon);
          const isOpen = openIndex === i;
          return (
            <li key={mission.title} className="group relative min-h-44 rounded-xl border border-emerald-100 bg-emerald-50 text-center">
              <h3>
                <button
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={`mission-${i}`}
                  onClick={() => setOpenIndex(isOpen ? null : i)}
                  className="flex min-h-44 w-full flex-col items-center justify-center gap-3 rounded-xl px-3 py-5 font-bold text-emerald-950"
                >
                  <Icon aria-hidden="true" size={36} className="text-orange-700" />
                  {mission.title}
                </button>
              </h3>
              <p
                id={`mission-${i}`}
                className={cn(
                  // Laid over the card (no reflow of the grid); clicks go through to the button so a second tap closes it.
                  'pointer-events-none absolute inset-0 flex items-center justify-center rounded-xl bg-emerald-900 p-3 text-sm text-white group-focus-within:visible group-focus-within:outline-3 group-focus-within:outline-offset-2 group-focus-within:outline-amber-700 group-hover:visible',
                  isOpen ? 'visible' : 'invisible',
                )}
              >
                {mission.description}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
