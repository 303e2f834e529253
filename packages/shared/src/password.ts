/** The register form's password rules (docs/product-spec.md §5), checked in this order. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

export const PASSWORD_RULES = [
  { id: 'length', test: (p: string) => p.length >= 8, message: 'Password must be at least 8 characters long.' },
  {
    id: 'uppercase',
    test: (p: string) => /[A-Z]/.test(p),
    message: 'Password must contain at least one uppercase letter.',
  },
  { id: 'number', test: (p: string) => /\d/.test(p), message: 'Password must contain at least one number.' },
  {
    id: 'special',
    test: (p: string) => [...p].some((ch) => PASSWORD_SPECIAL_CHARACTERS.includes(ch)),
    message: 'Password must contain at least one special character.',
  },
] as const;

/** Returns the message of the first rule the password breaks, or null when it passes all. */
export function firstPasswordProblem(password: string): string | null {
  return PASSWORD_RULES.find((rule) => !rule.test(password))?.message ?? null;
}
