import { formatKes } from '#common/money';
import type { AppMessageKey } from '@/lib/i18n';

/**
 * The audit log's details in the operator's language (issue 33, item 7). The server stores each
 * entry's details as it wrote them (field names, minor units, status words: the record stays
 * data); the console says each field by its label, amounts as KES and known words translated.
 */

type T = (key: AppMessageKey, values?: Record<string, string | number>) => string;

/**
 * Every field the server writes into an entry's details (admin, takedowns, reports, refunds,
 * payouts), in the order the console shows them: the stored order is jsonb's (shortest key
 * first), which put "part" before "amount".
 */
const LABELS: Record<string, AppMessageKey> = {
  amount: 'admin.detail.amount',
  part: 'admin.detail.part',
  status: 'admin.detail.status',
  from: 'admin.detail.from',
  newStatus: 'admin.detail.newStatus',
  newReference: 'admin.detail.newReference',
  refundId: 'admin.detail.refundId',
  providerMessage: 'admin.detail.providerMessage',
  name: 'admin.detail.name',
  itemType: 'admin.detail.itemType',
  itemId: 'admin.detail.itemId',
  ownerId: 'admin.detail.ownerId',
  takedownReason: 'admin.detail.takedownReason',
  email: 'admin.detail.email',
  method: 'admin.detail.method',
  position: 'admin.detail.position',
};
const ORDER = Object.keys(LABELS);
const rank = (field: string) => (ORDER.includes(field) ? ORDER.indexOf(field) : ORDER.length);

/** Fields holding money, in minor units: shown "KES 202.00", never "20200". */
const AMOUNTS = new Set(['amount']);

/** Fields holding a refund's or a payout's status word. */
const STATUSES = new Set(['status', 'from', 'newStatus']);

/** The words the server writes as values, by field kind. */
const STATUS_WORDS: Record<string, AppMessageKey> = {
  pending: 'admin.detailStatus.pending',
  processing: 'admin.detailStatus.processing',
  processed: 'admin.detailStatus.processed',
  failed: 'admin.detailStatus.failed',
  'needs-attention': 'admin.detailStatus.needsAttention',
  refused: 'admin.detailStatus.refused',
  otp: 'admin.detailStatus.otp',
  success: 'admin.detailStatus.success',
  reversed: 'admin.detailStatus.reversed',
};
const METHODS: Record<string, AppMessageKey> = { totp: 'admin.detailMethod.totp', 'recovery-code': 'admin.detailMethod.recoveryCode' };
const KINDS: Record<string, AppMessageKey> = { track: 'admin.kind.track', album: 'admin.kind.album', artist: 'admin.kind.artist', profile: 'admin.kind.artist' };

/** A refund's or a payout's status word in the console's language ("success" -> "imelipwa"); an unknown one as it is. */
export function statusWord(status: string, t: T): string {
  const key = STATUS_WORDS[status];
  return key ? t(key) : status;
}

function valueOf(field: string, value: unknown, t: T): string {
  if (value === null || value === undefined || value === '') return '–';
  if (AMOUNTS.has(field) && typeof value === 'number' && Number.isSafeInteger(value)) return formatKes(value);
  if (typeof value === 'boolean') return t(value ? 'admin.detailYes' : 'admin.detailNo');
  const word = String(value);
  const table = STATUSES.has(field) ? STATUS_WORDS : field === 'method' ? METHODS : field === 'itemType' ? KINDS : undefined;
  const key = table?.[word];
  return key ? t(key) : typeof value === 'object' ? JSON.stringify(value) : word;
}

/**
 * An entry's details as "label: value" lines, in LABELS' order. A field the console has no label
 * for (one a later server adds) shows by its name, last, rather than not at all.
 */
export function auditDetails(details: Record<string, unknown>, t: T): string[] {
  const fields = Object.entries(details).sort(([a], [b]) => rank(a) - rank(b));
  return fields.map(([field, value]) => {
    const label = LABELS[field];
    return t('admin.detail', { label: label ? t(label) : field, value: valueOf(field, value, t) });
  });
}
