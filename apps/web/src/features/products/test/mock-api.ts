import { vi } from 'vitest';
import { apiFetch, apiFetchPage, type ApiFetchOptions } from '@/lib/api-client';

/*
 * Helpers for tests that mock '@/lib/api-client' at the module edge:
 *   vi.mock('@/lib/api-client', async (original) => ({
 *     ...(await original<typeof ApiClient>()), apiFetch: vi.fn(), apiFetchPage: vi.fn() }));
 * A handler sees each call as `METHOD /path`; what it returns (or throws) is the answer.
 */

export type ApiCall = { route: string; options: ApiFetchOptions };
type Handler = (call: ApiCall) => unknown;

const toCall = (path: string, options: ApiFetchOptions = {}): ApiCall => ({
  route: `${options.method ?? 'GET'} ${path}`,
  options,
});

export function serveApi(handler: Handler) {
  vi.mocked(apiFetch).mockImplementation((async (path: string, options?: ApiFetchOptions) =>
    handler(toCall(path, options))) as typeof apiFetch);
}

export function servePages(handler: (call: ApiCall) => { items: unknown[]; total: number }) {
  vi.mocked(apiFetchPage).mockImplementation((async (path: string, options?: ApiFetchOptions) =>
    handler(toCall(path, options))) as typeof apiFetchPage);
}

/** Every call apiFetch received, as `METHOD /path`. */
export function apiRoutes(): string[] {
  return vi.mocked(apiFetch).mock.calls.map(([path, options]) => toCall(path, options).route);
}

export function resetApi() {
  vi.mocked(apiFetch).mockReset();
  vi.mocked(apiFetchPage).mockReset();
}
