import type { ArtistSale } from './schemas/sales';

/**
 * The artist's sales statement as CSV (issue 16, GET /api/sales.csv): RFC 4180 quoting, amounts
 * in KES with two decimals, UTC ISO dates, and every cell a spreadsheet could take for a formula
 * neutralised. Item names and buyers' e-mails are typed by strangers: "=HYPERLINK(...)" as a song
 * name must reach the artist's spreadsheet as text, never as a formula (CSV injection).
 */

/** The first characters that make Excel, LibreOffice or Google Sheets read a cell as a formula or command. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: a cell starting with =, +, -, @, a tab or a carriage return gets a leading single
 * quote (shown as text by spreadsheets); a cell holding a comma, a quote or a line break is quoted,
 * its quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, CRLF-terminated (RFC 4180). */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** Minor units as KES with two decimals, no grouping: 150050 -> "1500.50", -5 -> "-0.05". */
export function kesAmount(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an amount in minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The statement's columns, in order. Their headings are the server's texts (statement.<column> in
 * server/src/i18n), written in the artist's language (issue 33); the cells stay data (ISO dates,
 * plain amounts, "paid"), so a spreadsheet sums them the same whatever the language.
 */
export const STATEMENT_COLUMNS = [
  'date',
  'reference',
  'itemType',
  'item',
  'buyerEmail',
  'paidWith',
  'price',
  'fee',
  'platformShare',
  'artistShare',
  'status',
  'refundedShare',
] as const;

export type StatementColumn = (typeof STATEMENT_COLUMNS)[number];

/**
 * UTF-8's byte order mark, first in every CSV Sauti writes (the statement, the codes): without it
 * Excel reads the file in the machine's code page and shows "Café" as "CafÃ©" (issue 33). CSV
 * parsers and Google Sheets skip it.
 */
export const CSV_BOM = '\uFEFF';

const CHANNEL_NAMES: Record<ArtistSale['channel'], string> = { card: 'Card', mobile_money: 'M-Pesa', code: 'Code', other: 'Other' };

/** One sale as a statement line. Amounts are numbers that start with a digit: never neutralised. */
export function statementRow(sale: ArtistSale): string {
  return csvRow([
    sale.soldAt,
    sale.reference,
    sale.item.type,
    sale.item.name,
    sale.buyerEmail,
    CHANNEL_NAMES[sale.channel],
    kesAmount(sale.price),
    kesAmount(sale.fee),
    kesAmount(sale.platformShare),
    kesAmount(sale.artistShare),
    sale.status,
    kesAmount(sale.refundedShare),
  ]);
}

/** The statement's file name for a UTC day: sauti-sales-YYYY-MM-DD.csv. */
export function statementFilename(now: Date): string {
  return `sauti-sales-${now.toISOString().slice(0, 10)}.csv`;
}
