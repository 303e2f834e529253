import type { FastifyInstance } from 'fastify';
import type { ImportStatus } from '@b2b/shared';
import type { TestUser } from './users.js';

/** Polls GET /imports/:id until the import is done or failed (20 s at most), and returns it. */
export async function waitForImport(app: FastifyInstance, user: TestUser, importId: string): Promise<ImportStatus> {
  for (let i = 0; i < 400; i++) {
    const status = (
      await app.inject({ method: 'GET', url: `/api/imports/${importId}`, headers: user.headers })
    ).json<ImportStatus>();
    if (status.status === 'done' || status.status === 'failed') return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${importId} did not finish`);
}
