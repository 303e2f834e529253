import { expect, test } from 'vitest';
import { canApprove, COMPANY_ROLES } from '@b2b/shared';
import { canApproveRole } from './company';

test('the navbar’s copy of canApprove agrees with the shared one for every role and for none', () => {
  for (const role of [...COMPANY_ROLES, null, undefined]) expect(canApproveRole(role)).toBe(canApprove(role));
});
