/**
 * Whether two emails name the same account: it decides whose cart, listings and products a
 * page may show or change, so case and surrounding spaces do not count and a missing email
 * matches nothing.
 */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}
