import { DEFAULT_LANGUAGE, type Language } from '#common/i18n/language';
import { formatCode, generateCode, discountedPrice, maskEmail } from '#common/codes';
import { processingFee } from '#common/payments';
import type { CodeBatch, CreateCodesInput, RedeemCodeResponse } from '#common/schemas/codes';
import { CODE_MESSAGES } from '#common/schemas/codes';
import type { Db } from '../../db/client';
import { AppError, type ErrorCode } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { findSellableAlbum, findSellableTrack, type SellableItem } from '../catalog';
import type { AttemptStore } from '../limits';
import { batchesOf, findCode, insertBatch, insertCodes, type FoundCode } from './codes.repo';
import type { CheckoutDiscount, CheckoutService } from './checkout.service';
import { downloadPath, purchasedItemColumns } from './purchased-item';

/**
 * Guessing codes (decision 050): failed attempts (unknown, used, expired, foreign codes) are
 * counted per client address and per item; past the limit every attempt is refused before the
 * code is even looked at, so a right guess after the limit wins nothing. With 2^60 codes possible
 * these allow typos, never a search.
 */
export const CODE_GUESS_LIMITS = {
  perAddress: { max: 20, windowMs: 15 * 60 * 1000 },
  perItem: { max: 30, windowMs: 15 * 60 * 1000 },
} as const;

export interface CodesDeps {
  db: () => Db;
  attempts: AttemptStore;
  checkout: CheckoutService;
}

type ItemRef = { type: 'track' | 'album'; id: string };

/**
 * Download and discount codes (issue 21, docs/decisions/050), inside the payments module: a
 * download code is a purchase at price 0 and a discount code a checkout at a lower price, both
 * through the purchase path (orders, fulfilment, the buyer cookie, the e-mailed link).
 */
export class CodesService {
  constructor(private readonly deps: CodesDeps) {}

  private get db() {
    return this.deps.db();
  }

  private async ownItem(sellerId: string, type: 'track' | 'album', id: string): Promise<SellableItem> {
    // The id is well formed: POST /api/codes checks it first (decision 079).
    const item = type === 'track' ? await findSellableTrack(this.db, id) : await findSellableAlbum(this.db, id);
    // Another artist's item is as unknown as a missing one.
    if (!item || item.sellerId !== sellerId) throw new AppError(type === 'track' ? 'track.not-found' : 'album.not-found');
    return item;
  }

  /** POST /api/codes: `count` new codes, each unique (one drawn twice is drawn again). */
  async create(sellerId: string, input: CreateCodesInput): Promise<CodeBatch> {
    const item = await this.ownItem(sellerId, input.itemType, input.itemId);
    const made = new Set<string>();
    while (made.size < input.count) made.add(generateCode());
    return this.db.transaction(async (tx) => {
      const { batch, inserted } = await insertBatch(
        tx,
        {
          ...purchasedItemColumns(item),
          kind: input.kind,
          percentOff: input.kind === 'discount' ? (input.percentOff ?? null) : null,
          expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
          count: input.count,
        },
        [...made],
      );
      const all = new Set(inserted);
      for (let tries = 0; all.size < input.count; tries++) {
        if (tries > 10) throw new Error('could not draw unique codes');
        const more: string[] = [];
        while (more.length < input.count - all.size) more.push(generateCode());
        for (const code of await insertCodes(tx, batch.id, more)) all.add(code);
      }
      return batchOut(batch, [...all].sort().map((code) => ({ code, usedAt: null, usedEmail: null })));
    });
  }

  /** GET /api/codes: the seller's batches, newest first, each code with who used it and when. */
  async list(sellerId: string): Promise<CodeBatch[]> {
    const rows = await batchesOf(this.db, sellerId);
    return rows.map(({ batch, codes }) => batchOut(batch, codes));
  }

  /** Refuses at once past the guessing limits, before the code is looked at. */
  private async guard(address: string, item?: ItemRef): Promise<void> {
    if ((await this.deps.attempts.peek(addressKey(address))) >= CODE_GUESS_LIMITS.perAddress.max) throw new AppError('request.too-many');
    if (item && (await this.deps.attempts.peek(itemKey(item))) >= CODE_GUESS_LIMITS.perItem.max) throw new AppError('request.too-many');
  }

  /** A failed attempt: counted, then answered with its reason. */
  private async fail(code: ErrorCode, address: string, item?: ItemRef): Promise<never> {
    await this.deps.attempts.hit(addressKey(address), CODE_GUESS_LIMITS.perAddress.windowMs);
    if (item) await this.deps.attempts.hit(itemKey(item), CODE_GUESS_LIMITS.perItem.windowMs);
    throw new AppError(code);
  }

  /** The code, if it can be used now by this address: known, not used, not expired, not held by another checkout. */
  private async usable(code: string, email: string, address: string, named?: ItemRef): Promise<{ found: FoundCode; item: ItemRef }> {
    await this.guard(address, named);
    const found = await findCode(this.db, code);
    if (!found) return this.fail('code.not-found', address, named);
    const id = found.batch.itemType === 'album' ? found.batch.albumId : found.batch.trackId;
    if (!id) return this.fail('code.not-found', address, named);
    const item: ItemRef = { type: found.batch.itemType, id };
    if (!named) await this.guard(address, item);
    if (named && (named.type !== item.type || named.id !== item.id)) return this.fail('code.foreign', address, named);
    if (found.usedAt) return this.fail('code.used', address, item);
    if (found.batch.expiresAt && found.batch.expiresAt.getTime() <= Date.now()) return this.fail('code.expired', address, item);
    if (found.reservedUntil && found.reservedUntil.getTime() > Date.now() && found.reservedEmail !== email) throw new AppError('code.in-use');
    return { found, item };
  }

  /**
   * POST /api/codes/redeem: a download code (or a discount that leaves nothing to pay) grants the
   * item now; a discount code answers the price to pay, and initialize with the code charges it.
   */
  async redeem(input: { code: string; email: string }, address: string, buyerKey: () => string, language: Language = DEFAULT_LANGUAGE): Promise<RedeemCodeResponse> {
    const { found, item: ref } = await this.usable(input.code, input.email, address);
    const item = ref.type === 'track' ? await findSellableTrack(this.db, ref.id, { onSale: true }) : await findSellableAlbum(this.db, ref.id, { onSale: true });
    if (!item) throw new AppError('code.not-found');
    const purchaseItem = { id: item.id, name: item.name, price: item.price, type: item.type, payMore: item.payMore };
    const price = found.batch.kind === 'discount' ? discountedPrice(item.price, found.batch.percentOff ?? 0) : 0;
    if (price === 0) {
      const { reference } = await this.deps.checkout.grantWithCode(found.id, item, input.email, buyerKey(), language);
      return { kind: 'download', message: CODE_MESSAGES.downloadReady, item: purchaseItem, reference, downloadUrl: downloadPath(item.type, item.id) };
    }
    const fee = processingFee(price);
    return {
      kind: 'discount',
      message: CODE_MESSAGES.discountReady,
      item: purchaseItem,
      code: formatCode(found.code),
      percentOff: found.batch.percentOff ?? 0,
      price,
      fee,
      finalAmount: price + fee,
    };
  }

  /** initialize with `code`: a discount code of this very item, usable now by this address. */
  async forCheckout(code: string, input: { trackId?: string; albumId?: string; email: string }, address: string): Promise<CheckoutDiscount> {
    const named: ItemRef = input.albumId ? { type: 'album', id: input.albumId } : { type: 'track', id: input.trackId ?? '' };
    const { found } = await this.usable(code, input.email, address, named);
    // A download code is redeemed on /redeem, not paid for.
    if (found.batch.kind !== 'discount' || !found.batch.percentOff) return this.fail('code.foreign', address, named);
    return { codeId: found.id, percentOff: found.batch.percentOff };
  }
}

const addressKey = (address: string) => `code-guess:address:${hashToken(address)}`;
const itemKey = (item: ItemRef) => `code-guess:${item.type}:${item.id}`;

function batchOut(
  batch: { id: string; itemType: CodeBatch['itemType']; trackId: string | null; albumId: string | null; itemName: string; kind: CodeBatch['kind']; percentOff: number | null; expiresAt: Date | null; createdAt: Date; count: number },
  codes: { code: string; usedAt: Date | null; usedEmail: string | null }[],
): CodeBatch {
  return {
    id: batch.id,
    itemType: batch.itemType,
    itemId: batch.itemType === 'album' ? batch.albumId : batch.trackId,
    itemName: batch.itemName,
    kind: batch.kind,
    percentOff: batch.percentOff,
    expiresAt: batch.expiresAt?.toISOString() ?? null,
    createdAt: batch.createdAt.toISOString(),
    count: codes.length,
    used: codes.filter((code) => code.usedAt).length,
    codes: codes.map((code) => ({ code: formatCode(code.code), usedAt: code.usedAt?.toISOString() ?? null, usedBy: code.usedEmail ? maskEmail(code.usedEmail) : null })),
  };
}
