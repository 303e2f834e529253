import { useState } from 'react';

export const DEFAULT_AVATAR = '/images/avatars/default.svg';

type AvatarProps = {
  src: string | null;
  alt: string;
  className?: string;
};

/** A round profile photo that falls back to the default avatar when the URL is empty or broken. */
export function Avatar({ src, alt, className = 'w-10' }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && src !== failed ? src : DEFAULT_AVATAR;
  return (
    <span className="avatar">
      <span
        className={`${className} block overflow-hidden rounded-full bg-base-200 ring-2 ring-primary/30 ring-offset-2 ring-offset-base-100`}
      >
        <img
          src={usable}
          alt={alt}
          referrerPolicy="no-referrer"
          className="aspect-square h-full w-full rounded-full object-cover"
          onError={() => setFailed(src)}
        />
      </span>
    </span>
  );
}
