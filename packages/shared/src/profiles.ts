import { z } from 'zod';
import { boundedText, imageRefSchema } from './schemas.js';

/*
 * The profile contract (docs/architecture.md, "API contract"): a signed-in user reads and saves
 * their own profile (GET/PUT /profile); anyone signed in can look up the names that sellers
 * show (GET /sellers?email=…). The display name and photo also live in Firebase; the API keeps
 * a copy of the display name so a seller's name can be shown without asking Firebase.
 */

export const PROFILE_LIMITS = {
  displayName: 100,
  companyName: 120,
  /** How many emails one GET /sellers may ask for (a page of products has at most 100). */
  lookupEmails: 100,
  email: 320,
} as const;

/** PUT /profile: the whole profile. Identity (uid, email) comes from the token, never the body. */
export const profileUpdateSchema = z.object({
  displayName: boundedText(PROFILE_LIMITS.displayName).default(''),
  photoURL: imageRefSchema.default(''),
  companyName: boundedText(PROFILE_LIMITS.companyName).default(''),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** GET and PUT /profile answer with the caller's profile ('' for what was never saved). */
export const profileSchema = z.object({
  email: z.string(),
  displayName: z.string(),
  photoURL: z.string(),
  companyName: z.string(),
  /** When it was last saved; null when the caller never saved a profile. */
  updatedAt: z.iso.datetime().nullable(),
});
export type Profile = z.output<typeof profileSchema>;

const lookupEmail = z
  .string()
  .trim()
  .min(1, 'Email is required.')
  .max(PROFILE_LIMITS.email, `Email must be at most ${PROFILE_LIMITS.email} characters.`);

/** GET /sellers?email=a&email=b: one or more emails (a single one arrives as a string). */
export const sellerLookupQuerySchema = z.object({
  email: z
    .union([lookupEmail, z.array(lookupEmail)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(
      z
        .array(z.string())
        .min(1, 'Name at least one email.')
        .max(PROFILE_LIMITS.lookupEmails, `Ask for at most ${PROFILE_LIMITS.lookupEmails} emails at once.`),
    ),
});
export type SellerLookupQuery = z.input<typeof sellerLookupQuerySchema>;

/** A seller's public names. Emails are lower-cased; only emails with a saved profile are listed. */
export const sellerNameSchema = z.object({
  email: z.string(),
  companyName: z.string(),
  displayName: z.string(),
});
export type SellerName = z.output<typeof sellerNameSchema>;

/** The name to show for a seller: the company name, else the display name, else the email. */
export function sellerLabel(email: string, names?: Pick<SellerName, 'companyName' | 'displayName'> | null): string {
  return names?.companyName || names?.displayName || email;
}
