import { expect } from 'vitest';
import type { CompanyDetail, CompanyRole, Invitation, Order } from '@b2b/shared';
import type { TestApp } from './app.js';
import type { TestUser } from './users.js';

/* Company accounts through the API, as the web app calls it. */

export function companyClient(t: TestApp) {
  const inject = t.app.inject.bind(t.app);
  const call = (user: TestUser | null, method: string, url: string, payload?: unknown) =>
    inject({
      method: method as 'GET',
      url,
      headers: user?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const client = {
    call,
    create: async (user: TestUser, name: string): Promise<CompanyDetail> => {
      const res = await call(user, 'POST', '/api/companies', { name });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<CompanyDetail>();
    },
    current: (user: TestUser) => call(user, 'GET', '/api/companies/current'),
    invite: async (
      admin: TestUser,
      email: string,
      role: CompanyRole,
      spendingLimit: number | null = null,
    ): Promise<Invitation> => {
      const res = await call(admin, 'POST', '/api/companies/current/invitations', { email, role, spendingLimit });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Invitation>();
    },
    accept: (user: TestUser, id: string) => call(user, 'POST', `/api/invitations/${id}/accept`),
    /** Invites `user` and has them accept. */
    join: async (admin: TestUser, user: TestUser, role: CompanyRole, spendingLimit: number | null = null) => {
      const invitation = await client.invite(admin, user.email, role, spendingLimit);
      const res = await client.accept(user, invitation._id);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<CompanyDetail>();
    },
    updateMember: (admin: TestUser, uid: string, body: Record<string, unknown>) =>
      call(admin, 'PATCH', `/api/companies/current/members/${uid}`, body),
    removeMember: (admin: TestUser, uid: string) => call(admin, 'DELETE', `/api/companies/current/members/${uid}`),
    approve: (user: TestUser, id: string) => call(user, 'POST', `/api/orders/${id}/approve`),
    reject: (user: TestUser, id: string, reason = 'Too much this week.') =>
      call(user, 'POST', `/api/orders/${id}/reject`, { reason }),
    approved: async (user: TestUser, id: string): Promise<Order> => {
      const res = await client.approve(user, id);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Order>();
    },
  };
  return client;
}
