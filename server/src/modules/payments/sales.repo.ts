import { DEFAULT_LANGUAGE, isLanguage, type Language } from '#common/i18n/language';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The artist's sales as they read them (issue 16): every sale entry of the ledger with its order.
 * One sale entry per order (unique order id and kind), newest first by the moment it was
 * recorded, paged by (created_at, id) on ledger_entries_seller_created_idx. Money is minor units.
 */

export interface SaleRow {
  id: string;
  /** created_at to the microsecond: the keyset position. */
  position: string;
  /** created_at as an ISO instant, milliseconds. */
  soldAt: string;
  reference: string;
  itemType: 'track' | 'album';
  trackId: string | null;
  albumId: string | null;
  itemName: string;
  email: string;
  channel: string | null;
  status: string;
  price: number;
  fee: number;
  platformShare: number;
  artistShare: number;
  /** The artist's share given back by the order's refunds, positive. */
  refundedShare: number;
}

export interface SalesFilter {
  trackId?: string;
  albumId?: string;
}

export interface Totals {
  count: number;
  price: number;
  artistShare: number;
}

/**
 * Totals are net: every entry counts, a refund's (negative) as well, so a fully refunded sale adds
 * nothing, a partly refunded one what is left of it, and the figures equal Total Revenue and the
 * balance to the cent. The count is of sales still standing (a refunded sale is listed, not counted).
 */
const STANDING_COUNT = sql`count(*) FILTER (WHERE l.kind = 'sale' AND o.status = 'paid')::bigint`;

function filterOf(filter: SalesFilter): SQL {
  if (filter.trackId) return sql`AND o.item_type = 'track' AND o.track_id = ${filter.trackId}::uuid`;
  if (filter.albumId) return sql`AND o.item_type = 'album' AND o.album_id = ${filter.albumId}::uuid`;
  return sql``;
}

type Raw = {
  id: string;
  position: string;
  sold_at: string;
  reference: string;
  item_type: 'track' | 'album';
  track_id: string | null;
  album_id: string | null;
  item_name: string;
  email: string;
  channel: string | null;
  status: string;
  price: number | string;
  fee: number | string;
  platform_share: number | string;
  artist_share: number | string;
  refunded_share: number | string;
};

/** A page of the seller's sales after `after` (a position and an id), newest first. */
export async function salesPage(db: DbOrTx, sellerId: string, filter: SalesFilter, after: { position: string; id: string } | undefined, limit: number): Promise<SaleRow[]> {
  const result = await db.execute<Raw>(sql`
    SELECT l.id,
      to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position,
      to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS sold_at,
      o.reference, o.item_type, o.track_id, o.album_id, o.item_name, o.email, o.channel, o.status,
      l.price, l.fee, l.platform_share, l.artist_share,
      coalesce((SELECT -sum(r.artist_share) FROM ledger_entries r WHERE r.order_id = l.order_id AND r.kind = 'refund'), 0)::bigint AS refunded_share
    FROM ledger_entries l
    JOIN orders o ON o.id = l.order_id
    WHERE l.seller_id = ${sellerId}::uuid AND l.kind = 'sale' ${filterOf(filter)}
      ${after ? sql`AND (l.created_at, l.id) < (${after.position}::timestamptz, ${after.id}::uuid)` : sql``}
    ORDER BY l.created_at DESC, l.id DESC
    LIMIT ${limit}`);
  return result.rows.map((row) => ({
    id: row.id,
    position: row.position,
    soldAt: row.sold_at,
    reference: row.reference,
    itemType: row.item_type,
    trackId: row.track_id,
    albumId: row.album_id,
    itemName: row.item_name,
    email: row.email,
    channel: row.channel,
    status: row.status,
    price: Number(row.price),
    fee: Number(row.fee),
    platformShare: Number(row.platform_share),
    artistShare: Number(row.artist_share),
    refundedShare: Number(row.refunded_share),
  }));
}

/** The net totals over every sale and refund of the seller (of the filtered item). */
export async function salesTotals(db: DbOrTx, sellerId: string, filter: SalesFilter): Promise<Totals> {
  const result = await db.execute<{ count: number | string; price: number | string; artist_share: number | string }>(sql`
    SELECT ${STANDING_COUNT} AS count, coalesce(sum(l.price), 0)::bigint AS price, coalesce(sum(l.artist_share), 0)::bigint AS artist_share
    FROM ledger_entries l
    JOIN orders o ON o.id = l.order_id
    WHERE l.seller_id = ${sellerId}::uuid ${filterOf(filter)}`);
  const row = result.rows[0];
  return { count: Number(row?.count ?? 0), price: Number(row?.price ?? 0), artistShare: Number(row?.artist_share ?? 0) };
}

export interface ItemTotals extends Totals {
  type: 'track' | 'album';
  id: string | null;
  name: string;
}

/** Standing sales per item (a deleted item's sales grouped by the name they were sold under), most earned first. */
export async function salesPerItem(db: DbOrTx, sellerId: string): Promise<ItemTotals[]> {
  const result = await db.execute<{ item_type: 'track' | 'album'; item_id: string | null; name: string; count: number | string; price: number | string; artist_share: number | string }>(sql`
    SELECT o.item_type, coalesce(o.track_id, o.album_id) AS item_id,
      (array_agg(o.item_name ORDER BY l.created_at DESC))[1] AS name,
      ${STANDING_COUNT} AS count, sum(l.price)::bigint AS price, sum(l.artist_share)::bigint AS artist_share
    FROM ledger_entries l
    JOIN orders o ON o.id = l.order_id
    WHERE l.seller_id = ${sellerId}::uuid
    GROUP BY o.item_type, coalesce(o.track_id, o.album_id), CASE WHEN o.track_id IS NULL AND o.album_id IS NULL THEN o.item_name END
    ORDER BY artist_share DESC, name, item_id`);
  return result.rows.map((row) => ({
    type: row.item_type,
    id: row.item_id,
    name: row.name,
    count: Number(row.count),
    price: Number(row.price),
    artistShare: Number(row.artist_share),
  }));
}

/** Standing sales per UTC month (YYYY-MM), newest first. */
export async function salesPerMonth(db: DbOrTx, sellerId: string): Promise<(Totals & { month: string })[]> {
  const result = await db.execute<{ month: string; count: number | string; price: number | string; artist_share: number | string }>(sql`
    SELECT to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
      ${STANDING_COUNT} AS count, sum(l.price)::bigint AS price, sum(l.artist_share)::bigint AS artist_share
    FROM ledger_entries l
    JOIN orders o ON o.id = l.order_id
    WHERE l.seller_id = ${sellerId}::uuid
    GROUP BY 1 ORDER BY 1 DESC`);
  return result.rows.map((row) => ({ month: row.month, count: Number(row.count), price: Number(row.price), artistShare: Number(row.artist_share) }));
}

/** The seller's address, name and sale-mail choice, read in the sale's own transaction. */
export async function sellerContact(
  db: DbOrTx,
  sellerId: string,
): Promise<{ email: string; displayName: string; saleEmails: boolean; language: Language } | undefined> {
  const result = await db.execute<{ email: string; display_name: string; sale_emails: boolean; language: string }>(
    sql`SELECT email, display_name, sale_emails, language FROM users WHERE id = ${sellerId}::uuid`,
  );
  const row = result.rows[0];
  return row
    ? { email: row.email, displayName: row.display_name, saleEmails: row.sale_emails, language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE }
    : undefined;
}
