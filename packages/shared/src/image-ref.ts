/*
 * The one rule for image URLs (product images, profile photos), without zod, so a form that
 * only needs the check does not download the schema library.
 */

/** What a person is told when an image URL breaks the rule. */
export const IMAGE_REF_MESSAGE = 'Image must be an https URL or a path starting with /.';

/**
 * An https URL or a path on this site. The CSP only allows https images, so an http URL would
 * never load; `//host/x` is a protocol-relative URL to another site, not a site path. The empty
 * string passes (the field is optional where it is used); a required field checks that itself.
 */
export function isImageRef(value: string): boolean {
  if (value === '') return true;
  if (value.startsWith('/')) return /^\/(?![/\\])\S*$/.test(value);
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The same rule's message where the image is a person's photo (Register, Profile). */
export const PHOTO_URL_MESSAGE = 'Photo URL must be an https URL or a path on this site starting with /.';
