import { Readable } from 'node:stream';
import Busboy from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { CSV_TYPES, readRows, sheetKind, XLSX_TYPE, type SheetRow } from './spreadsheet.js';

/*
 * Spreadsheet uploads: a route context that registers these parsers takes a CSV or .xlsx file
 * as the body (its own media type, or the `file` part of a multipart/form-data form) and gets
 * whatever `toBody` makes of its rows. Any other media type is 415 (Fastify's own answer).
 */

export const SHEET_MEDIA_TYPES = [...CSV_TYPES, XLSX_TYPE, 'multipart/form-data'] as const;

/** The `file` part of a multipart body held in `buffer`, with its name and media type. */
async function filePart(
  headers: FastifyRequest['headers'],
  buffer: Buffer,
): Promise<{ data: Buffer; filename: string; mimeType: string }> {
  return new Promise((resolve, reject) => {
    let found: { data: Buffer; filename: string; mimeType: string } | null = null;
    const busboy = new Busboy({
      headers: headers as { 'content-type': string } & Record<string, string>,
      limits: { files: 1 },
    });
    busboy.on('file', (field, stream, filename, _encoding, mimeType) => {
      if (field !== 'file') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        found = { data: Buffer.concat(chunks), filename, mimeType };
      });
    });
    busboy.on('error', (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))));
    busboy.on('finish', () => {
      if (found) resolve(found);
      else reject(new AppError('VALIDATION_ERROR', 'The form has no file: send it as the part named “file”.'));
    });
    busboy.end(buffer);
  });
}

/** Registers parsers (in the calling plugin's context only) that turn an uploaded sheet into `toBody(rows)`. */
export function acceptSheets(
  app: FastifyInstance,
  toBody: (rows: AsyncGenerator<SheetRow>) => Promise<unknown>,
  bodyLimit: number,
): void {
  const read = (data: Buffer, kind: 'csv' | 'xlsx') => toBody(readRows(Readable.from([data]), kind));
  app.addContentTypeParser(
    [...CSV_TYPES, XLSX_TYPE],
    { parseAs: 'buffer', bodyLimit },
    async (request: FastifyRequest, body: Buffer | string) => {
      const kind = sheetKind(request.headers['content-type']);
      if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send a CSV or an Excel .xlsx file.');
      return read(body as Buffer, kind);
    },
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit },
    async (request: FastifyRequest, body: Buffer | string) => {
      const file = await filePart(request.headers, body as Buffer);
      const kind = sheetKind(file.mimeType, file.filename);
      if (!kind) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', `“${file.filename}” is not a CSV or an Excel .xlsx file.`);
      }
      return read(file.data, kind);
    },
  );
}
