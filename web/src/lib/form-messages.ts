import { PAYMENT_MESSAGES } from '#common/payment-messages';
import { CODE_MESSAGES } from '#common/codes';
import type { MessageKey, Translator } from './i18n';

/**
 * The shared schemas' messages in the page's language on the client (issue 20, decision 063),
 * as the server does for its answers (decision 056): a schema keeps its English constant, and the
 * message is found by its English on the way to the screen. The artist side translates every
 * table its forms use (app catalogue, `form.<table>.<name>`, see `formMessageLocalizer`); the fan
 * side's few forms (purchase, redeem, library) use the handful below, from the fan catalogue.
 */
export type Localize = (message: string) => string;
export type MessageTables = Record<string, Readonly<Record<string, string>>>;

/** The English of a table's messages, by their catalogue key `form.<table>.<name>`; `t` answers the key itself when it has none. */
export function formMessageLocalizer(tables: MessageTables, t: (key: string) => string): Localize {
  const keys = new Map<string, string>();
  for (const [prefix, table] of Object.entries(tables)) {
    for (const [name, text] of Object.entries(table)) if (!keys.has(text)) keys.set(text, `form.${prefix}.${name}`);
  }
  return (message) => {
    const key = keys.get(message);
    if (!key) return message;
    const text = t(key);
    return text === key ? message : text;
  };
}

const FAN_MESSAGES: Record<string, MessageKey> = {
  [PAYMENT_MESSAGES.emailRequired]: 'purchase.emailRequired',
  [PAYMENT_MESSAGES.emailInvalid]: 'purchase.emailInvalid',
  [PAYMENT_MESSAGES.amountFormat]: 'purchase.amountFormat',
  [PAYMENT_MESSAGES.amountTooHigh]: 'purchase.amountTooHigh',
  [PAYMENT_MESSAGES.fixedPrice]: 'purchase.fixedPrice',
  [CODE_MESSAGES.codeRequired]: 'redeem.codeRequired',
  [CODE_MESSAGES.codeFormat]: 'redeem.codeFormat',
};
/** amountBelowPriceMessage's English, its price carried over as it is ("KES 500.00"). */
const BELOW_PRICE = /^Please pay at least (KES [\d,.]+), the price\.$/;

/** A fan form's message (a shared schema's English) in the page's language; any other text as it is. */
export function fanFormMessage(message: string, t: Translator['t']): string {
  const key = FAN_MESSAGES[message];
  if (key) return t(key);
  const below = BELOW_PRICE.exec(message);
  return below ? t('purchase.amountBelowPrice', { price: below[1]! }) : message;
}
