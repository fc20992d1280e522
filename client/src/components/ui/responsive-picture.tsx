// A stored picture at the size it is shown: WebP variants, JPEG variants as the fallback, the full
// picture last (lib/images.ts). width and height give the box its shape before anything loads (no
// layout shift); should a variant be missing, the full picture is shown instead.
import { useState } from 'react';
import { responsiveSources } from '@/lib/images';

interface Props {
  src: string;
  alt: string;
  /** The displayed width per viewport, e.g. '(min-width: 640px) 33vw, 50vw'. */
  sizes: string;
  width: number;
  height: number;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** The picture is the page's largest paint (the first cards, a profile's portrait): fetched first. */
  priority?: boolean;
  /** Even the full picture could not be loaded (the caller may show something else). */
  onUnavailable?: () => void;
}

export function ResponsivePicture({ src, alt, sizes, width, height, className, loading = 'lazy', priority = false, onUnavailable }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const sources = responsiveSources(src);
  const plain = failedSrc === src || !sources.webp || !sources.jpeg;
  const img = (
    <img
      src={src}
      srcSet={plain ? undefined : sources.jpeg}
      sizes={plain ? undefined : sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
      onError={plain ? onUnavailable : () => setFailedSrc(src)}
    />
  );
  if (plain) return img;
  return (
    <picture className="contents">
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
