import { DEFAULT_LANGUAGE } from '#common/i18n/language';
import { formatPrice } from '#common/money';
import { SALES_DEFAULT_LIMIT, type ArtistSale, type ArtistSalesResponse, type SaleChannel, type SalesSummary } from '#common/schemas/sales';
import { CSV_BOM, STATEMENT_COLUMNS, csvRow, statementRow } from '#common/statement';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { serverText } from '../../i18n';
import { findSellableAlbum, findSellableTrack } from '../catalog';
import { saleNotificationMail, type Mailer } from '../mail';
import { splitPrice } from '#common/payments';
import { encodeCursor, type SalesCursor } from './sales-cursor';
import { salesPage, salesPerItem, salesPerMonth, salesTotals, sellerContact, type SaleRow, type SalesFilter } from './sales.repo';

/** Rows per query while the statement streams: memory stays flat however many sales an artist has. */
const STATEMENT_BATCH = 500;

function channelOf(channel: string | null): SaleChannel {
  return channel === 'card' || channel === 'mobile_money' || channel === 'code' ? channel : 'other';
}

function toSale(row: SaleRow): ArtistSale {
  return {
    reference: row.reference,
    soldAt: row.soldAt,
    item: { type: row.itemType, id: row.itemType === 'album' ? row.albumId : row.trackId, name: row.itemName },
    buyerEmail: row.email,
    channel: channelOf(row.channel),
    price: row.price,
    fee: row.fee,
    platformShare: row.platformShare,
    artistShare: row.artistShare,
    status: row.status === 'refunded' ? 'refunded' : 'paid',
    refundedShare: row.refundedShare,
  };
}

export interface SalesDeps {
  db: () => Db;
}

/**
 * The artist's sales (issue 16): every sale of theirs from the ledger and its order, a CSV
 * statement of them, and totals per item and per month. Everything is bound to the signed-in
 * seller: another artist's item named in a filter is answered as not found.
 */
export class SalesService {
  constructor(private readonly deps: SalesDeps) {}

  private get db() {
    return this.deps.db();
  }

  /**
   * The filter, once the item is known to be the seller's (else 404, as for a missing item). Its
   * route has checked the query first (checkedSalesQuery): one item at most, its id well formed.
   */
  async filterOf(sellerId: string, query: { trackId?: string; albumId?: string }): Promise<SalesFilter> {
    if (query.trackId) {
      const track = await findSellableTrack(this.db, query.trackId);
      if (!track || track.sellerId !== sellerId) throw new AppError('track.not-found');
      return { trackId: track.id };
    }
    if (query.albumId) {
      const album = await findSellableAlbum(this.db, query.albumId);
      if (!album || album.sellerId !== sellerId) throw new AppError('album.not-found');
      return { albumId: album.id };
    }
    return {};
  }

  async list(sellerId: string, query: { trackId?: string; albumId?: string; after?: SalesCursor; limit?: number }): Promise<ArtistSalesResponse> {
    const after = query.after;
    const filter = await this.filterOf(sellerId, query);
    const limit = query.limit ?? SALES_DEFAULT_LIMIT;
    const [rows, totals] = await Promise.all([salesPage(this.db, sellerId, filter, after, limit + 1), salesTotals(this.db, sellerId, filter)]);
    const page = rows.slice(0, limit);
    return { sales: page.map(toSale), totals, nextCursor: rows.length > limit ? encodeCursor(page.at(-1)!) : null };
  }

  /**
   * The statement, header first, in batches (keyset pages): the caller streams it. The headings are
   * in the artist's stored language (the one their dashboard and e-mails use, decision 056), so a
   * statement saved from a shared link reads the same; the byte order mark makes Excel read UTF-8.
   */
  async *statement(sellerId: string, filter: SalesFilter): AsyncGenerator<string> {
    const language = (await sellerContact(this.db, sellerId))?.language ?? DEFAULT_LANGUAGE;
    yield CSV_BOM + csvRow(STATEMENT_COLUMNS.map((column) => serverText(language, `statement.${column}`)));
    let after: { position: string; id: string } | undefined;
    for (;;) {
      const rows = await salesPage(this.db, sellerId, filter, after, STATEMENT_BATCH);
      if (rows.length > 0) yield rows.map((row) => statementRow(toSale(row))).join('');
      if (rows.length < STATEMENT_BATCH) return;
      after = rows.at(-1)!;
    }
  }

  async summary(sellerId: string): Promise<SalesSummary> {
    const [items, months, totals] = await Promise.all([salesPerItem(this.db, sellerId), salesPerMonth(this.db, sellerId), salesTotals(this.db, sellerId, {})]);
    return { items, months, totals };
  }
}

/** What notifySeller needs of the payments module: its mailer and the site's address for the link. */
export interface SellerNotifier {
  mailer: Mailer;
  publicUrl: string;
}

/**
 * The sale e-mail to the artist (issue 16), queued in the sale's own transaction (fulfilment), so
 * it goes exactly when the sale is recorded, once, and never for a sale rolled back. Skipped when
 * the artist turned sale e-mails off (PATCH /api/user/preferences).
 */
export async function notifySeller(
  tx: DbOrTx,
  order: { sellerId: string; itemType: string; itemName: string; price: number },
  deps: SellerNotifier,
): Promise<boolean> {
  const seller = await sellerContact(tx, order.sellerId);
  if (!seller?.saleEmails) return false;
  await deps.mailer.enqueue(
    saleNotificationMail(seller.email, seller.displayName, {
      itemType: order.itemType === 'album' ? 'album' : 'track',
      itemName: order.itemName,
      price: formatPrice(order.price),
      artistShare: formatPrice(splitPrice(order.price).artistShare),
      dashboardUrl: `${deps.publicUrl}/dashboard?section=analytics`,
    }, seller.language),
    { tx },
  );
  return true;
}
