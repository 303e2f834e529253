import { beforeEach, expect, test, vi } from 'vitest';

const firebase = vi.hoisted(() => ({ getIdToken: vi.fn<() => Promise<string | null>>() }));
vi.mock('@/lib/firebase', () => firebase);

const { ApiError, apiFetch, apiFetchPage, apiUrl, NETWORK_ERROR_MESSAGE } = await import('./api-client');

const fetchMock = vi.fn<typeof fetch>();

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  firebase.getIdToken.mockReset().mockResolvedValue(null);
});

test('sends JSON under /api with the signed-in user token', async () => {
  firebase.getIdToken.mockResolvedValue('token-123');
  fetchMock.mockResolvedValue(json({ acknowledged: true, insertedId: 'abc' }, { status: 201 }));

  const result = await apiFetch('/carts', { method: 'POST', body: { productId: 'p', buyQuantity: 3 } });

  expect(result).toEqual({ acknowledged: true, insertedId: 'abc' });
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe('/api/carts');
  expect(init?.method).toBe('POST');
  expect(init?.body).toBe('{"productId":"p","buyQuantity":3}');
  expect(init?.headers).toMatchObject({ Authorization: 'Bearer token-123', 'Content-Type': 'application/json' });
});

test('signed out, no Authorization header is sent and undefined query values are dropped', async () => {
  fetchMock.mockResolvedValue(json([]));

  await apiFetch('/products', { query: { limit: 6, available: true, q: undefined } });

  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe('/api/products?limit=6&available=true');
  expect(init?.headers).not.toHaveProperty('Authorization');
});

test('still calls the API when the identity service is unavailable', async () => {
  firebase.getIdToken.mockRejectedValue(new Error('config failed'));
  fetchMock.mockResolvedValue(json([]));

  await expect(apiFetch('/products')).resolves.toEqual([]);
});

test('an error body becomes an ApiError with its message, code and details', async () => {
  fetchMock.mockResolvedValue(
    json(
      {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        error: 'Bad Request',
        message: 'Name is required.',
        details: [{ field: 'name', message: 'Name is required.' }],
      },
      { status: 400 },
    ),
  );

  const error = await apiFetch('/products', { method: 'POST', body: {} }).catch((e: unknown) => e);

  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Name is required.',
    details: [{ field: 'name', message: 'Name is required.' }],
  });
});

test('a non-JSON error still gives a sentence', async () => {
  fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

  await expect(apiFetch('/products')).rejects.toMatchObject({
    status: 502,
    message: 'The server could not complete the request (HTTP 502). Please try again.',
  });
});

test('a network failure becomes a plain sentence', async () => {
  fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

  await expect(apiFetch('/products')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
});

test('an abort is passed through untouched', async () => {
  const abort = new DOMException('The operation was aborted.', 'AbortError');
  fetchMock.mockRejectedValue(abort);

  await expect(apiFetch('/products')).rejects.toBe(abort);
});

test('apiFetchPage reads the total from X-Total-Count', async () => {
  fetchMock.mockResolvedValue(json([{ id: 1 }, { id: 2 }], { headers: { 'X-Total-Count': '57' } }));

  await expect(apiFetchPage('/products', { query: { limit: 2 } })).resolves.toEqual({
    items: [{ id: 1 }, { id: 2 }],
    total: 57,
    totalIsExact: true,
    totalIsEstimate: false,
    nextCursor: null,
    correctedQuery: null,
  });
});

test('apiFetchPage falls back to the item count without the header', async () => {
  fetchMock.mockResolvedValue(json([{ id: 1 }]));

  await expect(apiFetchPage('/products')).resolves.toEqual({
    items: [{ id: 1 }],
    total: 1,
    totalIsExact: true,
    totalIsEstimate: false,
    nextCursor: null,
    correctedQuery: null,
  });
});

test('apiFetchPage reads a lower-bound total, the next cursor and a corrected search', async () => {
  fetchMock.mockResolvedValue(
    json([{ id: 1 }], {
      headers: {
        'X-Total-Count': '10000',
        'X-Total-Count-Relation': 'gte',
        'X-Next-Cursor': 'eyJpZCI6MX0',
        'X-Search-Corrected': encodeURIComponent('café “noir”'),
      },
    }),
  );

  await expect(apiFetchPage('/products', { query: { q: 'cafe noir' } })).resolves.toEqual({
    items: [{ id: 1 }],
    total: 10_000,
    totalIsExact: false,
    totalIsEstimate: false,
    nextCursor: 'eyJpZCI6MX0',
    correctedQuery: 'café “noir”',
  });
});

test('apiFetchPage reads an estimated total as neither exact nor a lower bound', async () => {
  fetchMock.mockResolvedValue(
    json([], { headers: { 'X-Total-Count': '12400', 'X-Total-Count-Relation': 'estimate' } }),
  );

  await expect(apiFetchPage('/products')).resolves.toMatchObject({
    total: 12_400,
    totalIsExact: false,
    totalIsEstimate: true,
  });
});

test('apiFetchPage treats X-Total-Count-Relation eq as exact', async () => {
  fetchMock.mockResolvedValue(json([], { headers: { 'X-Total-Count': '0', 'X-Total-Count-Relation': 'eq' } }));

  await expect(apiFetchPage('/products')).resolves.toMatchObject({ total: 0, totalIsExact: true, nextCursor: null });
});

test('apiFetchPage reads an estimated total as neither exact nor a lower bound', async () => {
  fetchMock.mockResolvedValue(
    json([{ id: 1 }], { headers: { 'X-Total-Count': '12400', 'X-Total-Count-Relation': 'estimate' } }),
  );

  await expect(apiFetchPage('/products', { query: { q: 'steel' } })).resolves.toMatchObject({
    total: 12_400,
    totalIsExact: false,
    totalIsEstimate: true,
  });
});

test('an array in the query is sent as the parameter repeated', () => {
  expect(apiUrl('/products', { brand: ['Acme', 'B&Q'], q: 'bolt', offset: undefined })).toBe(
    '/api/products?brand=Acme&brand=B%26Q&q=bolt',
  );
});
