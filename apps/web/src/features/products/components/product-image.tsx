import { useState, type SyntheticEvent } from 'react';

export const PLACEHOLDER_IMAGE = '/images/products/placeholder.svg';

type ProductImageProps = { src: string; alt: string; className?: string };

/** A product picture that shows the placeholder when the URL is empty or fails to load. */
export function ProductImage({ src, alt, className }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src.trim() !== '' && failedSrc !== src;
  const onError = (event: SyntheticEvent<HTMLImageElement>) => {
    // Guard against a loop if the placeholder itself were missing.
    if (event.currentTarget.getAttribute('src') !== PLACEHOLDER_IMAGE) setFailedSrc(src);
  };
  return (
    <img src={usable ? src : PLACEHOLDER_IMAGE} alt={alt} className={className} loading="lazy" onError={onError} />
  );
}
