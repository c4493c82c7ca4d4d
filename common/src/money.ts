/**
 * Money is held in integer minor units (KES x 100) everywhere but the input box and the label.
 * Conversions go through strings and integers so no float ever rounds a shilling away.
 */

export const CURRENCY = 'KES';

/** A plain amount: shillings, then at most two decimals ("1500", "99.5", "1500.00"). */
const KES_AMOUNT = /^(\d{1,9})(?:\.(\d{1,2}))?$/;
/** Shillings grouped in threes by commas or spaces ("1,500", "12 500", "1,000,000.50"). */
const GROUPED_AMOUNT = /^(\d{1,3}(?:([, ])\d{3})(?:\2\d{3})*)(?:\.(\d{1,2}))?$/;
/** "KES", "KSh", "Ksh.", "Kshs", "Sh" before the amount; "/-", "/=", "KES", "bob" after it. */
const CURRENCY_BEFORE = /^(?:kes|kshs?|shs?)\.?\s*/i;
const CURRENCY_AFTER = /\s*(?:\/-|\/=|kes|kshs?|shs?|bob)\.?$/i;

/** The highest price an artist may set: KES 1,000,000 (kept well inside a 32-bit column). */
export const MAX_PRICE_KES = 1_000_000;

/**
 * Why a typed price was refused. `format`: not an amount at all; `decimals`: more than two
 * decimals ("1.234": a price or a thousand written the European way?); `decimal-comma`: a comma
 * before one or two digits ("12,50": cents or a typo?); `grouping`: commas not in threes ("1,50,0").
 */
export type PriceProblem = 'negative' | 'format' | 'too-high' | 'decimals' | 'decimal-comma' | 'grouping';

export type ParsedPrice = { ok: true; minor: number } | { ok: false; reason: PriceProblem };

/**
 * Parses a price as Kenyans type it into minor units; empty means free. Besides plain amounts
 * ("150", "99.5", "1500.00") it reads thousands separators and the shilling's written forms:
 * "1,500", "KSh 1,500", "KES 1,500", "1,500/-", "Ksh. 1500/=" are all KES 1,500. What could mean
 * two different amounts ("12,50", "1.500") is refused with the reason, never guessed.
 */
export function parseKesToMinor(input: string | number | null | undefined): ParsedPrice {
  if (input === null || input === undefined) return { ok: true, minor: 0 };
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'format' };
    if (input < 0) return { ok: false, reason: 'negative' };
    input = String(input);
  }
  let text = input.trim();
  if (text === '') return { ok: true, minor: 0 };
  text = text.replace(CURRENCY_BEFORE, '').replace(CURRENCY_AFTER, '').trim();
  if (/^-\s*\d/.test(text)) return { ok: false, reason: 'negative' };

  let shillingDigits: string;
  let centDigits: string | undefined;
  const plain = KES_AMOUNT.exec(text);
  const grouped = plain ? undefined : GROUPED_AMOUNT.exec(text);
  if (plain) {
    shillingDigits = plain[1]!;
    centDigits = plain[2];
  } else if (grouped) {
    shillingDigits = grouped[1]!.replace(/[, ]/g, '');
    centDigits = grouped[3];
  } else {
    return { ok: false, reason: problemWith(text) };
  }
  if (shillingDigits.length > 9) return { ok: false, reason: 'too-high' };
  const minor = Number(shillingDigits) * 100 + Number((centDigits ?? '').padEnd(2, '0'));
  if (minor > MAX_PRICE_KES * 100) return { ok: false, reason: 'too-high' };
  return { ok: true, minor };
}

/** The most helpful reason for a price that is neither a plain nor a grouped amount. */
function problemWith(text: string): PriceProblem {
  if (/^\d+,\d{1,2}$/.test(text)) return 'decimal-comma';
  if (/^[\d,]+(?:\.\d+)?$/.test(text) && text.includes(',')) {
    return /\.\d{3,}$/.test(text) ? 'decimals' : 'grouping';
  }
  if (/^\d+\.\d{3,}$/.test(text)) return 'decimals';
  if (/^\d{10,}(?:\.\d{1,2})?$/.test(text)) return 'too-high';
  return 'format';
}

/** Minor units as the plain KES number an input box shows: 150050 -> "1500.50", 0 -> "". */
export function minorToKesInput(minor: number | null | undefined): string {
  if (!minor) return '';
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/**
 * A sum of money as people read it: "KES 1,500.50", zero "KES 0.00". Spec section 9's display
 * (amount / 100, two decimals, "KES " before it) with the shillings grouped in threes by commas,
 * as Kenyan prices are written (issue 33): "KES 1500.00" was hard to read at a glance. Grouped by
 * hand, not by Intl, so server, browser and every Node build write the same characters.
 */
export function formatKes(minor: number): string {
  const whole = Math.max(0, Math.round(Number.isFinite(minor) ? minor : 0));
  const shillings = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `KES ${shillings}.${String(whole % 100).padStart(2, '0')}`;
}

/** The price label of spec section 9: "KES 1,500.50", or "Free" for zero or missing. */
export function formatPrice(minor: number | null | undefined): string {
  if (!minor) return 'Free';
  return formatKes(minor);
}
