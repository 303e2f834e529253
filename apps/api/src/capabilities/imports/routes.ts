import type { Readable } from 'node:stream';
import Busboy from '@fastify/busboy';
import {
  exportQuerySchema,
  idParamsSchema,
  importQuerySchema,
  importRowErrorSchema,
  importStatusSchema,
  type ImportRowError,
} from '@b2b/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, found } from '../../lib/errors.js';
import { CSV_TYPES, sheetKind, XLSX_TYPE, type SheetKind } from '../../lib/spreadsheet.js';
import { currentUser } from '../../plugins/app/auth.js';
import { bearer, errorResponses, permissionDoc } from '../../lib/route-schemas.js';
import { actingSeller } from '../companies/index.js';

const tags = ['imports'];

/** An upload as the import takes it: its kind, its name and the stream of its bytes (never buffered). */
interface Upload {
  kind: SheetKind;
  fileName: string;
  stream: Readable;
}

/** The `file` part of a multipart form, as soon as it starts arriving. */
function multipartFile(request: FastifyRequest, payload: Readable): Promise<Upload> {
  return new Promise((resolve, reject) => {
    let found = false;
    const busboy = new Busboy({
      headers: request.headers as { 'content-type': string } & Record<string, string>,
      limits: { files: 1 },
    });
    busboy.on('file', (field, stream, filename, _encoding, mimeType) => {
      if (field !== 'file' || found) {
        stream.resume();
        return;
      }
      found = true;
      const kind = sheetKind(mimeType, filename);
      if (!kind) {
        stream.resume();
        reject(new AppError('UNSUPPORTED_MEDIA_TYPE', `“${filename}” is not a CSV or an Excel .xlsx file.`));
        return;
      }
      resolve({ kind, fileName: filename, stream });
    });
    busboy.on('error', (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))));
    busboy.on('finish', () => {
      if (!found) reject(new AppError('VALIDATION_ERROR', 'The form has no file: send it as the part named “file”.'));
    });
    payload.pipe(busboy);
  });
}

const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.imports;
  const maxBytes = app.config.importMaxBytes;

  // The file reaches the route as a stream: it is stored piece by piece, never held whole.
  app.addContentTypeParser([...CSV_TYPES, XLSX_TYPE], (request, payload, done) => {
    const kind = sheetKind(request.headers['content-type']);
    if (!kind) return done(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send a CSV or an Excel .xlsx file.'), undefined);
    const name = request.headers['x-file-name'];
    done(null, {
      kind,
      fileName: typeof name === 'string' ? decodeURIComponent(name) : `products.${kind}`,
      stream: payload,
    });
  });
  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    multipartFile(request, payload).then(
      (upload) => done(null, upload),
      (error: Error) => done(error, undefined),
    );
  });

  app.post(
    '/imports',
    {
      onRequest: [
        app.authenticate,
        async (request) => {
          const length = Number(request.headers['content-length'] ?? 0);
          // The role is checked before the body is read: a refused upload costs no storage.
          await actingSeller(app.db, currentUser(request), 'catalogue');
          if (length > maxBytes) {
            throw new AppError(
              'PAYLOAD_TOO_LARGE',
              `The file is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB an import may be: split it.`,
            );
          }
        },
      ],
      bodyLimit: maxBytes,
      schema: {
        tags,
        summary: 'Import products from a CSV or .xlsx file (in the background)',
        description:
          'The body is the file: `text/csv` (comma, semicolon or tab; UTF-8 with or without BOM), the .xlsx media ' +
          'type, or `multipart/form-data` with a `file` part. 202 with the import to follow at GET /imports/:id; ' +
          '413 above IMPORT_MAX_BYTES, 415 for another type. `dryRun=true` checks every row and writes nothing. ' +
          permissionDoc('catalogue'),
        security: bearer,
        querystring: importQuerySchema,
        response: { 202: importStatusSchema, ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const upload = request.body as Upload | undefined;
      if (!upload?.stream) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send a CSV or an Excel .xlsx file.');
      const seller = await actingSeller(app.db, currentUser(request), 'catalogue');
      const status = await service.upload(seller, { dryRun: request.query.dryRun, ...upload });
      return reply.code(202).send(status);
    },
  );

  app.get(
    '/imports',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's 20 latest imports",
        security: bearer,
        response: { 200: z.array(importStatusSchema), ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => service.recent(await actingSeller(app.db, currentUser(request), 'catalogue')),
  );

  app.get(
    '/imports/:id',
    {
      onRequest: app.authenticate,
      // "done" here means the imported rows show in the catalogue at once.
      config: { reportsCatalogueWrites: true },
      schema: {
        tags,
        summary: 'One import: status, progress and summary (its owner only; anyone else gets 404)',
        security: bearer,
        params: idParamsSchema,
        response: { 200: importStatusSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      found(
        await service.status(request.params.id, await actingSeller(app.db, currentUser(request), 'catalogue')),
        'Import',
      ),
  );

  app.get(
    '/imports/:id/errors',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "An import's failed rows",
        description:
          'JSON `[{row, column, message}]` (row as a spreadsheet numbers it: the header is row 1), or with ' +
          '`Accept: text/csv` the failed rows as they were in the file with an `error` column, ready to fix and upload again.',
        security: bearer,
        params: idParamsSchema,
        response: { 200: z.array(importRowErrorSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const seller = await actingSeller(app.db, currentUser(request), 'catalogue');
      if ((request.headers.accept ?? '').includes('text/csv')) {
        const csv = found(await service.errorsCsv(request.params.id, seller), 'Import');
        return (
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="failed-rows-${request.params.id.slice(0, 8)}.csv"`)
            // A stream is sent as it is (Fastify serialises only objects); the schema describes the JSON answer.
            .send(csv as unknown as ImportRowError[])
        );
      }
      return found(await service.errors(request.params.id, seller), 'Import');
    },
  );

  app.get(
    '/my-products/export',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's catalogue as CSV or .xlsx, streamed",
        description:
          'The import columns; a cell a spreadsheet would run as a formula is written with a leading apostrophe. ' +
          'Importing the file again changes nothing. ' +
          permissionDoc('catalogue'),
        security: bearer,
        querystring: exportQuerySchema,
        response: { 200: z.any(), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const stream = service.exportCatalogue(await actingSeller(app.db, currentUser(request), 'catalogue'), format);
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
        .header('content-disposition', `attachment; filename="products-${date}.${format}"`)
        .send(stream);
    },
  );

  app.get(
    '/imports/template',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'A CSV to start from: the import columns and one example row',
        security: bearer,
        response: { 200: z.any(), ...errorResponses(401, 429) },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products-template.csv"')
        .send(IMPORT_TEMPLATE),
  );
};

/** The template: every column, and a product that shows each of them. */
export const IMPORT_TEMPLATE =
  '\uFEFFid,sku,name,category,price,quantity,minSellQty,packSize,maxOrderQty,priceTiers,taxRate,brand,image,description,content,rating\r\n' +
  ',KT-MUG-350,Stoneware Coffee Mug 350 ml,kitchen,1.95,720,36,36,720,180:1.85|720:1.75,7.5,Claymont,' +
  ',"Glazed stoneware mug, dishwasher safe.","Case of 36 mugs, boxed.",4.5\r\n';

export default importRoutes;
