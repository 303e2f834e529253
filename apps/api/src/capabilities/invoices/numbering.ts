import { sql } from 'drizzle-orm';
import { formatDocumentNumber, type BillingDetails, type DocumentKind } from '@b2b/shared';
import type { AppTx } from '../../db/client.js';
import { documentSequences } from '../../db/schema.js';

/**
 * The next number of a seller's invoices or credit notes, in the seller's format (its prefix, and
 * the year when it numbers by year; docs/architecture.md, "Documents"): one upsert that increments the seller's counter row in the issuing transaction.
 * A concurrent issuer waits on that row until this transaction ends, then takes the next number;
 * a rollback takes the increment back with it. So numbers are unique and never skip, across any
 * number of API processes, with no sequence object (a PostgreSQL sequence would leave gaps).
 */
export async function nextDocumentNumber(
  tx: AppTx,
  sellerId: string,
  kind: DocumentKind,
  format: Pick<BillingDetails, 'invoicePrefix' | 'creditNotePrefix' | 'numberWithYear'>,
  issuedAt: Date,
): Promise<string> {
  const prefix = kind === 'invoice' ? format.invoicePrefix : format.creditNotePrefix;
  const withYear = format.numberWithYear;
  const year = issuedAt.getUTCFullYear();
  // Numbered without the year, the seller's sequence is the one of year 0 and never starts again.
  const [row] = await tx
    .insert(documentSequences)
    .values({ sellerId, kind, year: withYear ? year : 0, last: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.sellerId, documentSequences.kind, documentSequences.year],
      set: { last: sql`${documentSequences.last} + 1` },
    })
    .returning({ last: documentSequences.last });
  if (!row) throw new Error('the document sequence returned no number');
  return formatDocumentNumber(prefix, withYear ? year : null, row.last);
}
