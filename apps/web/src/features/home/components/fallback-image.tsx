import type { ImgHTMLAttributes } from 'react';

export const DEFAULT_PROFILE_IMAGE = '/images/default-profile-256.webp';

/** An uploaded photo that falls back to the default profile picture when it cannot be loaded (docs/product/errors.md). */
export function FallbackImage({ src, alt, ...props }: Omit<ImgHTMLAttributes<HTMLImageElement>, 'onError' | 'alt'> & { alt: string }) {
  return (
    <img
      {...props}
      alt={alt}
      src={src || DEFAULT_PROFILE_IMAGE}
      onError={(e) => {
        const img = e.currentTarget;
        if (!img.src.endsWith(DEFAULT_PROFILE_IMAGE)) img.src = DEFAULT_PROFILE_IMAGE;
      }}
    />
  );
}
