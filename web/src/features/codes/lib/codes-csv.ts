import type { CodeBatch } from '#common/schemas/codes';

const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** A batch as CSV: one code a line, with what it is for and whether it was used. */
export function codesCsv(batch: CodeBatch): string {
  const header = ['code', 'item', 'kind', 'percent_off', 'expires_at', 'used_at', 'used_by'];
  const lines = batch.codes.map((code) =>
    [code.code, batch.itemName, batch.kind, batch.percentOff === null ? '' : String(batch.percentOff), batch.expiresAt ?? '', code.usedAt ?? '', code.usedBy ?? ''].map(cell).join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

/** sauti-codes-<item>-<yyyy-mm-dd>.csv */
export function codesFilename(batch: CodeBatch): string {
  const slug = batch.itemName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'item';
  return `sauti-codes-${slug}-${batch.createdAt.slice(0, 10)}.csv`;
}
