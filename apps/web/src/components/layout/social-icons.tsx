import { ORGANISATION } from '@shared/constants';

// Brand glyphs drawn inline (simple paths) so no icon font or third-party script is loaded.
const ICONS = {
  Facebook: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.4.2-.5.5-.5z',
  Twitter: 'M4 4l6.6 8.8L4.3 20H6l5.4-6.1L16 20h4l-7-9.3L18.9 4h-1.7l-5 5.7L8 4H4z',
  Instagram:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm0 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm5-3.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  YouTube:
    'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.3 5 12 5 12 5s-6.3 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.7 2 12 2 12s0 3.3.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.7 19 12 19 12 19s6.3 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.5.4-4.8.4-4.8s0-3.3-.4-4.8zM10 15V9l5.2 3L10 15z',
} as const;

const LINKS = {
  Facebook: ORGANISATION.social.facebook,
  Twitter: ORGANISATION.social.twitter,
  Instagram: ORGANISATION.social.instagram,
  YouTube: ORGANISATION.social.youtube,
};

export function SocialIcons({ className, links = LINKS }: { className?: string; links?: Record<keyof typeof ICONS, string> }) {
  return (
    <ul className={className ?? 'flex gap-3'} aria-label="Réseaux sociaux">
      {(Object.keys(ICONS) as Array<keyof typeof ICONS>).map((name) => (
        <li key={name}>
          <a
            href={links[name]}
            aria-label={name}
            className="flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-current hover:bg-white/25"
          >
            <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true">
              <path d={ICONS[name]} />
            </svg>
            <span className="sr-only">{name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
