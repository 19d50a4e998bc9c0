import type { Ref } from 'react';

/**
 * A responsive illustration from /images (made by scripts/make-images.mjs): AVIF first, WebP fallback,
 * explicit width/height so the layout never shifts while it loads.
 */
export interface PictureProps {
  /** Path without width and extension, e.g. "/images/causes/toit". */
  src: string;
  widths: readonly number[];
  sizes: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Below-the-fold pictures stay lazy; only the first hero slide is eager. */
  isPriority?: boolean;
  /** Art direction: another set used when the media query matches (portrait phones for the hero). */
  alternate?: { media: string; src: string; widths: readonly number[] };
  onLoad?: () => void;
  imageRef?: Ref<HTMLImageElement>;
}

const srcSet = (src: string, widths: readonly number[], ext: string) => widths.map((w) => `${src}-${w}.${ext} ${w}w`).join(', ');

export function Picture({
  src,
  widths,
  sizes,
  alt,
  width,
  height,
  className,
  isPriority = false,
  alternate,
  onLoad,
  imageRef,
}: PictureProps) {
  const largest = widths[widths.length - 1];
  return (
    <picture>
      {alternate ? (
        <>
          <source media={alternate.media} type="image/avif" srcSet={srcSet(alternate.src, alternate.widths, 'avif')} sizes={sizes} />
          <source media={alternate.media} type="image/webp" srcSet={srcSet(alternate.src, alternate.widths, 'webp')} sizes={sizes} />
        </>
      ) : null}
      <source type="image/avif" srcSet={srcSet(src, widths, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(src, widths, 'webp')} sizes={sizes} />
      <img
        ref={imageRef}
        src={`${src}-${largest}.webp`}
        alt={alt}
        width={width}
        height={height}
        className={className}
        loading={isPriority ? 'eager' : 'lazy'}
        decoding={isPriority ? 'sync' : 'async'}
        fetchPriority={isPriority ? 'high' : 'low'}
        onLoad={onLoad}
      />
    </picture>
  );
}
