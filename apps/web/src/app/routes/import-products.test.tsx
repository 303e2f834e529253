import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { ImportRowError, ImportStatus } from '@b2b/shared';
import { saveFile } from '@/lib/download';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import { receivedRequests, server } from '@/test/server';
import ImportProductsRoute from './import-products';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));
vi.mock('@/lib/download', () => ({ saveFile: vi.fn() }));

const ID = '5b3a1f0e-4c2d-4e8f-9a6b-1c2d3e4f5a6b';

function buildImportStatus(overrides: Partial<ImportStatus> = {}): ImportStatus {
  return {
    importId: ID,
    status: 'done',
    dryRun: true,
    total: 3,
    processed: 3,
    created: 2,
    updated: 0,
    unchanged: 0,
    failed: 1,
    ignoredColumns: [],
    error: null,
    fileName: 'products.csv',
    createdAt: '2026-03-04T10:00:00.000Z',
    startedAt: '2026-03-04T10:00:01.000Z',
    finishedAt: '2026-03-04T10:00:03.000Z',
    ...overrides,
  };
}

const ROW_ERROR: ImportRowError = { row: 3, column: 'price', message: 'Price must be a number.' };

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: 'north@example.com' });
  vi.mocked(saveFile).mockReset();
});

function renderImport(url = '/import', recent: ImportStatus[] = []) {
  server.use(http.get('/api/imports', () => HttpResponse.json(recent)));
  return renderRoute(<ImportProductsRoute />, { path: '/import/:id?', url });
}

const csv = (text: string, name = 'products.csv') => new File([text], name, { type: 'text/csv' });

test('a chosen CSV is previewed: its columns, the unknown one flagged, and its first rows', async () => {
  const { user } = renderImport();
  expect(screen.getByRole('heading', { level: 1, name: 'Import products' })).toBeInTheDocument();
  expect(document.title).toBe('Import Products | B2B Wholesale Platform');
  await user.upload(
    screen.getByLabelText('Choose a CSV or Excel file'),
    csv('sku;name;price;colour\nA-1;Mug;1.95;red\nA-2;Cup;2.10;blue\n'),
  );
  const table = await screen.findByRole('table', { name: 'The first rows of the file' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Row', 'sku', 'name', 'price', 'colourignored']);
  expect(within(table).getAllByRole('row')).toHaveLength(3);
  expect(screen.getByText(/3 of 4 columns recognised, separated by semicolon/)).toBeInTheDocument();
  expect(screen.getByText(/Not import columns, so ignored: “colour”/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Dry run' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
});

test('a file without id, sku or name cannot be sent; another type is refused before sending', async () => {
  const { user } = renderImport();
  const input = screen.getByLabelText('Choose a CSV or Excel file');
  await user.upload(input, csv('price,quantity\n1,2\n'));
  expect(await screen.findByRole('alert')).toHaveTextContent(/none of id, sku or name was found/);
  expect(screen.getByRole('button', { name: 'Dry run' })).toBeDisabled();

  // The picker's accept list is only a hint, and a dropped file has none: the type is checked here.
  fireEvent.drop(screen.getByTestId('file-drop'), {
    dataTransfer: { files: [new File(['%PDF'], 'catalogue.pdf', { type: 'application/pdf' })] },
  });
  expect(screen.getByRole('alert')).toHaveTextContent('“catalogue.pdf” is not a CSV or an Excel .xlsx file.');
  expect(screen.queryByRole('button', { name: 'Dry run' })).not.toBeInTheDocument();
});

test('an .xlsx shows its name and size; its columns are left to the dry run', async () => {
  const { user } = renderImport();
  const xlsx = new File(['PK'], 'catalogue.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  await user.upload(screen.getByLabelText('Choose a CSV or Excel file'), xlsx);
  expect(screen.getByText('catalogue.xlsx')).toBeInTheDocument();
  expect(screen.getByText(/Excel workbook/)).toBeInTheDocument();
  expect(screen.getByText(/checked by the dry run/)).toBeInTheDocument();
});

test('Dry run sends the file, puts the import in the URL, shows the progress, then what the import would do', async () => {
  let polls = 0;
  server.use(
    http.post('/api/imports', () =>
      HttpResponse.json(
        buildImportStatus({
          status: 'queued',
          total: 0,
          processed: 0,
          created: 0,
          failed: 0,
          startedAt: null,
          finishedAt: null,
        }),
        { status: 202 },
      ),
    ),
    http.get('/api/imports/:id', () => {
      polls += 1;
      if (polls === 1) {
        return HttpResponse.json(
          buildImportStatus({
            status: 'running',
            total: 3000,
            processed: 1000,
            created: 1000,
            failed: 0,
            startedAt: new Date(Date.now() - 2000).toISOString(),
            finishedAt: null,
          }),
        );
      }
      return HttpResponse.json(buildImportStatus());
    }),
    http.get('/api/imports/:id/errors', () => HttpResponse.json([ROW_ERROR])),
  );
  const { user, router } = renderImport();
  await user.upload(screen.getByLabelText('Choose a CSV or Excel file'), csv('sku,name,price\nA-1,Mug,x\n'));
  await user.click(await screen.findByRole('button', { name: 'Dry run' }));

  await waitFor(() => expect(router.state.location.pathname).toBe(`/import/${ID}`));
  const post = receivedRequests().find((r) => r.method === 'POST');
  expect(post?.path).toBe('/api/imports');
  expect(post?.query).toEqual({ dryRun: 'true' });
  expect(post?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);

  // While it runs: rows done of the total, the rate and the time left.
  const bar = await screen.findByRole('progressbar', { name: 'Checking progress' });
  await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '1000'));
  expect(bar).toHaveAttribute('aria-valuemax', '3000');
  expect(screen.getByText('1,000 of 3,000 rows')).toBeInTheDocument();
  expect(screen.getByText(/rows\/s$/)).toBeInTheDocument();
  expect(screen.getByText(/left$/)).toBeInTheDocument();

  // Polled again a second later: the summary, in a dry run's words, and the failed row.
  const summary = await screen.findByLabelText('Dry run summary', {}, { timeout: 3000 });
  expect(summary).toHaveTextContent('Would create2');
  expect(summary).toHaveTextContent('Would fail1');
  const errors = await screen.findByRole('table', { name: 'Failed rows' });
  expect(within(errors).getByRole('row', { name: '3 price Price must be a number.' })).toBeInTheDocument();
  // The file stays chosen, so Import is one click away.
  expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
});

test('a reload resumes the import in the URL; Download failed rows asks for the CSV with the error column', async () => {
  server.use(
    http.get('/api/imports/:id', () => HttpResponse.json(buildImportStatus({ dryRun: false }))),
    http.get('/api/imports/:id/errors', ({ request }) =>
      request.headers.get('accept') === 'text/csv'
        ? new HttpResponse('sku,name,price,error\nA-1,Mug,x,price: Price must be a number.\n', {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': 'attachment; filename="failed-rows-5b3a1f0e.csv"',
            },
          })
        : HttpResponse.json([ROW_ERROR]),
    ),
  );
  const { user } = renderImport(`/import/${ID}`, [buildImportStatus({ dryRun: false })]);
  const summary = await screen.findByLabelText('Import summary');
  expect(summary).toHaveTextContent('Created2');
  expect(summary).toHaveTextContent('Failed1');
  expect(within(screen.getByRole('list')).getByRole('link', { name: 'products.csv' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await user.click(await screen.findByRole('button', { name: 'Download failed rows' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  const [blob, name] = vi.mocked(saveFile).mock.calls[0] ?? [];
  expect(name).toBe('failed-rows-5b3a1f0e.csv');
  expect(await blob?.text()).toContain('error');
});

test('a file over the size limit says so in words', async () => {
  server.use(
    http.post('/api/imports', () =>
      HttpResponse.json(
        {
          statusCode: 413,
          code: 'PAYLOAD_TOO_LARGE',
          error: 'Payload Too Large',
          message: 'The file is larger than the 200 MB an import may be: split it.',
        },
        { status: 413 },
      ),
    ),
  );
  const { user } = renderImport();
  await user.upload(screen.getByLabelText('Choose a CSV or Excel file'), csv('sku,name\nA-1,Mug\n'));
  await user.click(await screen.findByRole('button', { name: 'Import' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The file is larger than the 200 MB an import may be: split it.',
  );
});

test('Download template saves the API’s template', async () => {
  server.use(
    http.get(
      '/api/imports/template',
      () =>
        new HttpResponse('id,sku,name\n', {
          headers: { 'content-disposition': 'attachment; filename="products-template.csv"' },
        }),
    ),
  );
  const { user } = renderImport();
  await user.click(screen.getByRole('button', { name: 'Download template' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.anything(), 'products-template.csv'));
  expect(
    receivedRequests()
      .find((r) => r.path === '/api/imports/template')
      ?.headers.get('accept'),
  ).toBe('text/csv');
});

test("an import that is not the caller's is not found", async () => {
  server.use(
    http.get('/api/imports/:id', () =>
      HttpResponse.json(
        { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'Import not found.' },
        { status: 404 },
      ),
    ),
  );
  renderImport(`/import/${ID}`);
  expect(await screen.findByText(/This import was not found/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Start a new import' })).toHaveAttribute('href', '/import');
});
