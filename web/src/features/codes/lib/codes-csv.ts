import type { CodeBatch } from '#common/schemas/codes';
import { CSV_BOM, csvRow } from '#common/statement';

/** The columns of a batch's CSV, in order; their headings are the dashboard's texts (codes.csv.<column>). */
export const CODES_CSV_COLUMNS = ['code', 'item', 'kind', 'percentOff', 'expiresAt', 'usedAt', 'usedBy'] as const;

export type CodesCsvColumn = (typeof CODES_CSV_COLUMNS)[number];

/**
 * A batch as CSV: one code a line, with what it is for and whether it was used. The headings are
 * in the artist's language (issue 33); the cells stay data (ISO dates, "download"/"discount"). It
 * starts with UTF-8's byte order mark so Excel reads "Café" as written, and its cells go through
 * the statement's csvCell: a name or a masked e-mail starting with "=" or "+" stays text.
 */
export function codesCsv(batch: CodeBatch, heading: (column: CodesCsvColumn) => string): string {
  const lines = batch.codes.map((code) =>
    csvRow([code.code, batch.itemName, batch.kind, batch.percentOff === null ? '' : String(batch.percentOff), batch.expiresAt ?? '', code.usedAt ?? '', code.usedBy ?? '']),
  );
  return CSV_BOM + csvRow(CODES_CSV_COLUMNS.map(heading)) + lines.join('');
}

/** sauti-codes-<item>-<yyyy-mm-dd>.csv */
export function codesFilename(batch: CodeBatch): string {
  const slug = batch.itemName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'item';
  return `sauti-codes-${slug}-${batch.createdAt.slice(0, 10)}.csv`;
}
