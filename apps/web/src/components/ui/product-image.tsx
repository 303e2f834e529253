import { useState } from 'react';
import { ImageIcon } from './icons';

type ProductImageProps = {
  src: string | null | undefined;
  alt: string;
  /** Size and fit; the placeholder takes the same box as the picture would. */
  className?: string;
  /** Table cells: the placeholder is the words alone, without the icon. */
  compact?: boolean;
  /**
   * Above the fold on arrival (the first cards of a list): loaded at once with high priority,
   * not lazily after layout, since it is likely the page's largest paint.
   */
  priority?: boolean;
};

/**
 * A product's picture, or, when it has none or it fails to load, the one 'No Image'
 * placeholder every product view shows (tables, cards, details, the cart).
 */
export function ProductImage({ src, alt, className = '', compact = false, priority = false }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const url = src?.trim() ?? '';
  if (url === '' || failedSrc === url) {
    // The outer box takes the picture's size and padding; the dashed frame sits inside it, as a picture would.
    return (
      <div role="img" aria-label={alt} className={`${className} flex`}>
        <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-1 rounded-box border border-dashed border-base-300 bg-base-200 text-center text-base-content/70">
          {compact ? null : <ImageIcon width={32} height={32} />}
          <span className={compact ? 'text-[0.625rem] leading-tight' : 'text-sm'}>No Image</span>
        </div>
      </div>
    );
  }
  return (
    <img
      src={url}
      alt={alt}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      onError={() => setFailedSrc(url)}
    />
  );
}
