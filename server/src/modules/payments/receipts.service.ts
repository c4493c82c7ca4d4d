import { REFUND_MESSAGES, type ReceiptResponse } from '#common/schemas/payments';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { downloadGrants } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { itemDownloads } from '../public-pages';
import { displayNameOf, findOrderByReference } from './orders.repo';

/** References are the provider's: short, plain characters (as the webhook accepts them). */
const REFERENCE = /^[A-Za-z0-9._=-]{1,100}$/;
/** Tokens are randomToken()'s: 32 bytes as base64url. */
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

const notFound = () => new AppError('receipt.not-found');

/**
 * GET /api/receipts/{reference}?token=... (issue 16): the receipt page's content. The e-mailed
 * token is the only key: it must be one of this order's links. An unknown reference, a wrong
 * token, a revoked link or an order that was never paid all answer the same 404, so the call tells
 * nobody which references exist. A refunded order, asked with one of its own links (a refund may
 * revoke them), answers what was bought and why there is nothing to download.
 */
export class ReceiptsService {
  constructor(private readonly deps: { db: () => Db }) {}

  async receipt(reference: string, token: string | undefined): Promise<ReceiptResponse> {
    if (!REFERENCE.test(reference) || !token || !TOKEN.test(token)) throw notFound();
    const db = this.deps.db();
    const order = await findOrderByReference(db, reference);
    if (!order || (order.status !== 'paid' && order.status !== 'refunded')) throw notFound();
    const [grant] = await db
      .select({ revokedAt: downloadGrants.revokedAt })
      .from(downloadGrants)
      .where(and(eq(downloadGrants.orderId, order.id), eq(downloadGrants.tokenHash, hashToken(token))))
      .limit(1);
    if (!grant) throw notFound();
    const refunded = order.status === 'refunded';
    if (!refunded && grant.revokedAt) throw notFound();

    const type = order.itemType === 'album' ? 'album' : 'track';
    const id = type === 'album' ? order.albumId : order.trackId;
    const current = id ? await itemDownloads(db, { type, id }) : undefined;
    const artist = current?.artist ?? (await displayNameOf(db, order.sellerId)) ?? '';
    const base = {
      reference: order.reference,
      paidAt: order.paidAt?.toISOString() ?? null,
      item: { type, id, name: current?.name ?? order.itemName, artist, mimeType: current?.mimeType ?? null },
      songs: current?.songs ?? [],
    } as const;
    if (refunded) return { ...base, status: 'refunded', message: REFUND_MESSAGES.refunded, downloads: [] };
    // A sold item cannot be deleted (issue 16, item 1): `current` is there for every paid order.
    if (!current || !id) throw notFound();
    const path = `/api/${type === 'album' ? 'albums' : 'tracks'}/${id}/download`;
    return {
      ...base,
      status: 'paid',
      downloads: current.downloads.map((option) => ({
        ...option,
        url: `${path}?format=${option.format}&token=${encodeURIComponent(token)}`,
      })),
    };
  }
}
