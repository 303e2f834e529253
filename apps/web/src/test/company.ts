import type { CompanyDetail, CompanyMember, Invitation } from '@b2b/shared';
import { testUuid } from '@b2b/shared/testing';

/* Company accounts as the API answers them, for the Company, Approvals and Company orders tests. */

let sequence = 0;

export function createMember(overrides: Partial<CompanyMember> = {}): CompanyMember {
  const n = ++sequence;
  return {
    uid: `member-${n}`,
    email: `member${n}@example.com`,
    name: `Member ${n}`,
    role: 'buyer',
    spendingLimit: null,
    joinedAt: new Date(Date.UTC(2026, 10, 1, 9, n)).toISOString(),
    ...overrides,
  };
}

export function createInvitation(overrides: Partial<Invitation> = {}): Invitation {
  const n = ++sequence;
  return {
    _id: testUuid('c1000000', n),
    email: `invitee${n}@example.com`,
    role: 'buyer',
    spendingLimit: 500,
    companyId: testUuid('c0000000', 1),
    companyName: 'Rahman Restaurants',
    invitedByEmail: 'owner@example.com',
    createdAt: new Date(Date.UTC(2026, 10, 20, 9, 0)).toISOString(),
    expiresAt: new Date(Date.UTC(2026, 10, 27, 9, 0)).toISOString(),
    ...overrides,
  };
}

/** A company of `members`, seen by a caller with `role` (admin unless said otherwise). */
export function createCompany(overrides: Partial<CompanyDetail> = {}): CompanyDetail {
  return {
    _id: testUuid('c0000000', 1),
    name: 'Rahman Restaurants',
    createdAt: new Date(Date.UTC(2026, 10, 1)).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 10, 1)).toISOString(),
    role: 'admin',
    spendingLimit: null,
    members: [],
    invitations: [],
    ...overrides,
  };
}
