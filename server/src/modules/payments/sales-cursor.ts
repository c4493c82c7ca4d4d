import { isUuid } from '#common/ids';
import { AppError } from '../../lib/errors';

const POSITION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * The cursor of GET /api/sales: the last sale's position (its ledger time to the microsecond) and
 * id, base64url-encoded. Opaque to the client, and checked on the way back in: anything that does
 * not decode to exactly that shape is a 400, never a database error. It selects nothing by itself:
 * every query is also bound to the signed-in seller.
 */
export function encodeCursor(row: { position: string; id: string }): string {
  return Buffer.from(`${row.position}|${row.id}`, 'utf8').toString('base64url');
}

export interface SalesCursor {
  position: string;
  id: string;
}

export function decodeCursor(cursor: string): SalesCursor {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw new AppError('sales.cursor-invalid');
  const [position, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !position || !id || !POSITION.test(position) || !isUuid(id) || Number.isNaN(Date.parse(position))) {
    throw new AppError('sales.cursor-invalid');
  }
  return { position, id };
}
