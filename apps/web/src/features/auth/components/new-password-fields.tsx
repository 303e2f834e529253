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

/** A password being chosen (Register, a reset, a change), with Register's rules as its hint. */
export function PasswordWithRules({
  label,
  name,
  disabled = false,
}: {
  label: string;
  name: string;
  disabled?: boolean;
}) {
  const ids = { password: useId(), rules: useId() };
  return (
    <Field
      id={ids.password}
      label={label}
      hint={
        <p id={ids.rules} className="text-xs text-base-content/65">
          {PASSWORD_RULES_HINT}
        </p>
      }
    >
      <PasswordInput
        id={ids.password}
        name={name}
        autoComplete="new-password"
        aria-describedby={ids.rules}
        disabled={disabled}
        required
      />
    </Field>
  );
}

/** "New password" and "Confirm new password", with the rules as the hint. */
export function NewPasswordFields({ disabled = false }: { disabled?: boolean }) {
  const confirm = useId();
  return (
    <>
      <PasswordWithRules label="New password" name="newPassword" disabled={disabled} />
      <Field id={confirm} label="Confirm new password">
        <PasswordInput id={confirm} name="confirmPassword" autoComplete="new-password" disabled={disabled} required />
      </Field>
    </>
  );
}
