import { cn } from '@web/lib/cn';
import { useState } from 'react';
import { missionIcon } from '../data/mission-icons';
import { MISSIONS } from '../data/missions';

/**
 * Missions & Visions (spec §2.7): icon and title; the description shows on hover, on keyboard focus,
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
            <li key={mission.title} className="group relative rounded-xl border border-emerald-100 bg-emerald-50 text-center">
              <h3>
                <button
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={`mission-${i}`}
                  onClick={() => setOpenIndex(isOpen ? null : i)}
                  className="flex w-full flex-col items-center gap-2 rounded-xl px-3 pt-5 pb-3 font-bold text-emerald-950"
                >
                  <Icon aria-hidden="true" size={36} className="text-orange-700" />
                  {mission.title}
                </button>
              </h3>
              <p
                id={`mission-${i}`}
                className={cn(
                  'px-3 pb-4 text-sm text-slate-700 group-focus-within:visible group-hover:visible',
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
