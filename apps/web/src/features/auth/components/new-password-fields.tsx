import { firstPasswordProblem } from '@b2b/shared';
import { useId } from 'react';
import { Field } from './auth-card';
import { PasswordInput } from './password-input';

/** The hint under every new-password field: Register's four rules (docs/product-spec.md §5). */
export const PASSWORD_RULES_HINT = 'At least 8 characters, with an uppercase letter, a number and a special character.';

/**
 * The first problem with a new password and its confirmation: one of Register's rules (the
 * shared PASSWORD_RULES, in their order), or a confirmation that differs. Null when both are fine.
 */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  return firstPasswordProblem(password) ?? (password === confirmation ? null : 'The two passwords do not match.');
}

/** "New password" and "Confirm new password", with the rules as the hint. */
export function NewPasswordFields({ disabled = false }: { disabled?: boolean }) {
  const ids = { password: useId(), confirm: useId(), rules: useId() };
  return (
    <>
      <Field
        id={ids.password}
        label="New password"
        hint={
          <p id={ids.rules} className="text-xs text-base-content/65">
            {PASSWORD_RULES_HINT}
          </p>
        }
      >
        <PasswordInput
          id={ids.password}
          name="newPassword"
          autoComplete="new-password"
          aria-describedby={ids.rules}
          disabled={disabled}
          required
        />
      </Field>
      <Field id={ids.confirm} label="Confirm new password">
        <PasswordInput
          id={ids.confirm}
          name="confirmPassword"
          autoComplete="new-password"
          disabled={disabled}
          required
        />
      </Field>
    </>
  );
}
