import { z } from 'zod';
import { CODE_MESSAGES, MAX_CODES_PER_BATCH } from '../codes';
import { purchaseEmail, typedCodeSchema } from './payments';

export { CODE_MESSAGES };
import { purchaseItemSchema } from './catalog/responses';


/** POST /api/codes: a batch of codes for one of the artist's tracks or albums. */
export const createCodesSchema = z
  .object({
    itemType: z.enum(['track', 'album'], { message: CODE_MESSAGES.itemTypeInvalid }),
    itemId: z.string({ message: CODE_MESSAGES.itemRequired }).trim().min(1, CODE_MESSAGES.itemRequired).max(100),
    kind: z.enum(['download', 'discount'], { message: CODE_MESSAGES.kindInvalid }),
    count: z.number({ message: CODE_MESSAGES.countInvalid }).int(CODE_MESSAGES.countInvalid).min(1, CODE_MESSAGES.countInvalid).max(MAX_CODES_PER_BATCH, CODE_MESSAGES.countInvalid),
    percentOff: z.number({ message: CODE_MESSAGES.percentInvalid }).int(CODE_MESSAGES.percentInvalid).min(1, CODE_MESSAGES.percentInvalid).max(100, CODE_MESSAGES.percentInvalid).optional(),
    expiresAt: z.string({ message: CODE_MESSAGES.expiryInvalid }).datetime({ offset: true, message: CODE_MESSAGES.expiryInvalid }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'discount' && input.percentOff === undefined) ctx.addIssue({ code: 'custom', path: ['percentOff'], message: CODE_MESSAGES.percentRequired });
    if (input.kind === 'download' && input.percentOff !== undefined) ctx.addIssue({ code: 'custom', path: ['percentOff'], message: CODE_MESSAGES.percentOnlyForDiscount });
    if (input.expiresAt !== undefined && !(Date.parse(input.expiresAt) > Date.now())) ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: CODE_MESSAGES.expiryInvalid });
  });
export type CreateCodesInput = z.input<typeof createCodesSchema>;

/** POST /api/codes/redeem. */
export const redeemCodeSchema = z.object({ code: typedCodeSchema, email: purchaseEmail });
export type RedeemCodeInput = z.input<typeof redeemCodeSchema>;

const redemptionSchema = z.object({
  /** XXXX-XXXX-XXXX. */
  code: z.string(),
  /** When it was used, or null. */
  usedAt: z.string().nullable(),
  /** Who used it, masked (f***@example.com). */
  usedBy: z.string().nullable(),
});
export type CodeRow = z.infer<typeof redemptionSchema>;

export const codeBatchSchema = z.object({
  id: z.string(),
  itemType: z.enum(['track', 'album']),
  itemId: z.string().nullable(),
  itemName: z.string(),
  kind: z.enum(['download', 'discount']),
  percentOff: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  count: z.number().int(),
  used: z.number().int(),
  codes: z.array(redemptionSchema),
});
export type CodeBatch = z.infer<typeof codeBatchSchema>;
export const codeBatchesResponseSchema = z.object({ batches: z.array(codeBatchSchema) });
export type CodeBatchesResponse = z.infer<typeof codeBatchesResponseSchema>;

/**
 * The answer of redeem. A download code (or a discount that leaves nothing to pay): the item is
 * the fan's, with its download. A discount code: the item and the price to pay (minor units).
 */
export const redeemCodeResponseSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('download'),
    message: z.string(),
    item: purchaseItemSchema,
    reference: z.string(),
    downloadUrl: z.string(),
  }),
  z.object({
    kind: z.literal('discount'),
    message: z.string(),
    item: purchaseItemSchema,
    code: z.string(),
    percentOff: z.number().int(),
    price: z.number().int(),
    fee: z.number().int(),
    finalAmount: z.number().int(),
  }),
]);
export type RedeemCodeResponse = z.infer<typeof redeemCodeResponseSchema>;
