import { useState } from 'react';

// The form's side image: a photo when available, otherwise a drawn illustration. Hidden on small phones.
export function SideImage() {
  const [hasPhoto, setHasPhoto] = useState(true);
  return (
    <div
      aria-hidden="true"
      className="relative hidden overflow-hidden rounded-l-xl bg-gradient-to-br from-emerald-800 via-emerald-700 to-amber-500 md:block md:w-2/5"
    >
      {hasPhoto ? (
        <picture>
          <source type="image/avif" srcSet="/images/hero/hero-3-portrait-480.avif" />
          <img
            src="/images/hero/hero-3-portrait-480.webp"
            alt=""
            width={480}
            height={720}
            loading="lazy"
            decoding="async"
            onError={() => setHasPhoto(false)}
            className="absolute inset-0 h-full w-full object-cover"
          />
        </picture>
      ) : (
        <div className="absolute inset-0">
          <div className="absolute -top-10 -left-10 h-48 w-48 rounded-full bg-white/10" />
          <div className="absolute right-6 bottom-16 h-32 w-32 rounded-full bg-amber-300/30" />
          <div className="absolute bottom-0 left-0 h-24 w-full bg-emerald-950/30" />
        </div>
      )}
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-emerald-950/90 to-transparent p-6 text-white">
        <p className="text-lg font-bold">Rejoignez un réseau de prestataires de confiance</p>
        <p className="text-sm text-emerald-50">Vos services, proches des familles de votre zone.</p>
      </div>
    </div>
  );
}
