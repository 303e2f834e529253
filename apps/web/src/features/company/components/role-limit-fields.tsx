import { useState } from 'react';
import { COMPANY_LIMITS, COMPANY_ROLE_HINTS, COMPANY_ROLE_LABELS, COMPANY_ROLES, type CompanyRole } from '@b2b/shared';
import { FormField } from './form-field';

type RoleLimitFieldsProps = {
  ids: { role: string; limit: string };
  errors: Record<string, string>;
  defaultRole: CompanyRole;
  spendingLimit?: number | null;
};

/**
 * A member's role and spending limit, as an invitation sets them and an admin changes them. The
 * chosen role says what it may do (the roles table's sentence), so an admin picks knowingly.
 */
export function RoleLimitFields({ ids, errors, defaultRole, spendingLimit = null }: RoleLimitFieldsProps) {
  const [role, setRole] = useState<CompanyRole>(defaultRole);
  return (
    <>
      <FormField id={ids.role} label="Role" hint={COMPANY_ROLE_HINTS[role]} error={errors.role}>
        {(describedBy) => (
          <select
            id={ids.role}
            name="role"
            className="select w-full"
            value={role}
            onChange={(event) => setRole(event.target.value as CompanyRole)}
            aria-describedby={describedBy}
          >
            {COMPANY_ROLES.map((value) => (
              <option key={value} value={value}>
                {COMPANY_ROLE_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={ids.limit} label="Spending limit" hint="Empty for no limit." error={errors.spendingLimit}>
        {(describedBy) => (
          <input
            id={ids.limit}
            name="spendingLimit"
            type="number"
            inputMode="decimal"
            min={0}
            max={COMPANY_LIMITS.spendingLimit}
            step="0.01"
            className="input w-full"
            defaultValue={spendingLimit ?? ''}
            aria-invalid={errors.spendingLimit ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
    </>
  );
}
