import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ImportStatus } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { downloadTemplate } from '@/features/imports/api/download-template';
import { isFinished, useImport } from '@/features/imports/api/get-import';
import { downloadFailedRows, useImportErrors } from '@/features/imports/api/get-import-errors';
import { useImports } from '@/features/imports/api/get-imports';
import { importKeys } from '@/features/imports/api/query-keys';
import { useStartImport } from '@/features/imports/api/start-import';
import { FileDrop } from '@/features/imports/components/file-drop';
import { FilePreview } from '@/features/imports/components/file-preview';
import { ImportProgress } from '@/features/imports/components/import-progress';
import { ImportErrorsTable, ImportSummary } from '@/features/imports/components/import-summary';
import { RecentImports } from '@/features/imports/components/recent-imports';
import { useDownload } from '@/lib/use-download';
import { fileKind, previewCsvFile, type CsvPreview, type FileKind } from '@/features/imports/utils/file-preview';

/** The failed rows shown on the page; the download has all of them. */
const ERRORS_SHOWN = 100;

type Chosen = { file: File; kind: FileKind };

/** 413 and 415 in words a seller can act on, also when a proxy answered instead of the API. */
function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === 'HTTP_ERROR') {
    if (error.status === 413) return 'The file is too large to import in one go: split it into smaller files.';
    if (error.status === 415) return 'That file type cannot be imported: choose a CSV or an Excel .xlsx file.';
  }
  return errorMessage(error);
}

export default function ImportProductsRoute() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [read, setRead] = useState<{ file: File; preview: CsvPreview } | null>(null);
  const preview = read && read.file === chosen?.file ? read.preview : null;
  const [fileError, setFileError] = useState<string | null>(null);
  const start = useStartImport({ onSuccess: (status) => navigate(paths.importRun(status.importId)) });
  const templateDownload = useDownload();

  function choose(file: File) {
    start.reset();
    const kind = fileKind(file.name);
    if (!kind) {
      setChosen(null);
      setFileError(`“${file.name}” is not a CSV or an Excel .xlsx file.`);
      return;
    }
    setFileError(null);
    setChosen({ file, kind });
  }

  // The preview of a CSV is read from the file's first bytes; a newer choice wins.
  useEffect(() => {
    if (chosen?.kind !== 'csv') return;
    let current = true;
    const { file } = chosen;
    previewCsvFile(file).then(
      (result) => current && setRead({ file, preview: result }),
      () => current && setFileError('The file could not be read. Choose it again.'),
    );
    return () => {
      current = false;
    };
  }, [chosen]);

  const blocked = preview?.problem != null;
  const send = (dryRun: boolean) => {
    if (chosen) start.mutate({ ...chosen, dryRun });
  };

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle page="Import Products" />
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold">Import products</h1>
          <p className="mt-1 text-base-content/70">
            Add and update your catalogue from a spreadsheet. A row updates your product with its id, else the one with
            its SKU, else adds a product. Try a dry run first: it checks every row and changes nothing.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-outline btn-primary btn-sm"
            disabled={templateDownload.pending !== null}
            onClick={() => void templateDownload.download('template', downloadTemplate)}
          >
            Download template
          </button>
          {user ? (
            <Link to={paths.myProducts(user.email)} className="btn btn-ghost btn-sm">
              My Products
            </Link>
          ) : null}
        </div>
      </header>

      <FileDrop onFile={choose} disabled={start.isPending} />
      {fileError ? (
        <p role="alert" className="alert alert-soft alert-error">
          {fileError}
        </p>
      ) : null}

      {chosen ? (
        <>
          <FilePreview file={chosen.file} kind={chosen.kind} preview={preview} />
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className="btn btn-outline btn-primary"
              disabled={start.isPending || blocked}
              onClick={() => send(true)}
            >
              {start.isPending && start.variables.dryRun ? (
                <span className="loading loading-sm loading-spinner" aria-hidden="true" />
              ) : null}
              Dry run
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={start.isPending || blocked}
              onClick={() => send(false)}
            >
              {start.isPending && !start.variables.dryRun ? (
                <span className="loading loading-sm loading-spinner" aria-hidden="true" />
              ) : null}
              Import
            </button>
            <span className="text-sm text-base-content/70">
              {start.isPending ? 'Uploading the file…' : 'Dry run checks every row; Import writes them.'}
            </span>
          </div>
        </>
      ) : null}
      {start.isError ? (
        <p role="alert" className="alert alert-soft alert-error">
          {uploadErrorMessage(start.error)}
        </p>
      ) : null}

      {id ? <CurrentImport id={id} /> : null}
      <Recent currentId={id} />
    </section>
  );
}

function InlineLoading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-base-content/70">
      <span className="loading loading-sm loading-spinner text-primary" aria-hidden="true" />
      {label}
    </p>
  );
}

/** The import in the URL: its progress while it runs, then the summary and the failed rows. */
function CurrentImport({ id }: { id: string }) {
  const query = useImport(id);
  const status = query.data;
  const finished = status ? isFinished(status) : false;
  const errors = useImportErrors(id, { enabled: finished && (status?.failed ?? 0) > 0 });
  const failedRows = useDownload();
  const queryClient = useQueryClient();
  // The recent list shows this import as it was sent; once it ends, it shows the outcome.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: importKeys.recent() });
  }, [finished, queryClient]);

  let body;
  if (query.isPending) body = <InlineLoading label="Loading the import..." />;
  else if (query.isError) {
    body =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400) ? (
        <p className="text-base-content/80">
          This import was not found: it may belong to another account.{' '}
          <Link to={paths.importProducts} className="link link-primary">
            Start a new import
          </Link>
        </p>
      ) : (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      );
  } else if (!finished) body = <ImportProgress status={query.data} now={query.dataUpdatedAt} />;
  else if (query.data.status === 'failed') {
    body = (
      <p role="alert" className="alert alert-soft alert-error">
        {query.data.fileName} could not be imported: {query.data.error ?? 'the import stopped.'}
      </p>
    );
  } else {
    body = (
      <>
        <ImportSummary status={query.data} />
        {query.data.failed > 0 ? (
          <FailedRows
            status={query.data}
            errors={errors}
            downloading={failedRows.pending !== null}
            onDownload={() => void failedRows.download('failed', () => downloadFailedRows(id))}
          />
        ) : null}
      </>
    );
  }

  return (
    <section
      aria-labelledby="current-import-heading"
      className="card border border-base-300 bg-base-100 card-sm"
      aria-busy={!finished && !query.isError}
    >
      <div className="card-body gap-4">
        <h2 id="current-import-heading" className="card-title text-lg">
          {status?.dryRun ? 'Dry run' : 'Import'} {finished ? 'result' : 'progress'}
        </h2>
        {body}
      </div>
    </section>
  );
}

function FailedRows({
  status,
  errors,
  downloading,
  onDownload,
}: {
  status: ImportStatus;
  errors: ReturnType<typeof useImportErrors>;
  downloading: boolean;
  onDownload: () => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Failed rows</h3>
        <button
          type="button"
          className="btn btn-outline btn-primary btn-sm"
          disabled={downloading}
          onClick={onDownload}
        >
          Download failed rows
        </button>
      </div>
      <p className="text-sm text-base-content/70">
        {status.dryRun
          ? 'Fix these rows in your file, then run it again.'
          : 'The download holds these rows as they were, with an error column: fix them and import that file.'}
      </p>
      {errors.isPending ? (
        <InlineLoading label="Loading the failed rows..." />
      ) : errors.isError ? (
        <ErrorState error={errors.error} onRetry={() => void errors.refetch()} />
      ) : (
        <ImportErrorsTable errors={errors.data.slice(0, ERRORS_SHOWN)} total={errors.data.length} />
      )}
    </div>
  );
}

function Recent({ currentId }: { currentId: string | undefined }) {
  const imports = useImports();
  const items = imports.data ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recent-imports-heading" className="flex flex-col gap-3">
      <h2 id="recent-imports-heading" className="text-lg font-semibold">
        Recent imports
      </h2>
      <RecentImports imports={items.slice(0, 10)} currentId={currentId} />
    </section>
  );
}
