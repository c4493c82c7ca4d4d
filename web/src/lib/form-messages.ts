import { PAYMENT_MESSAGES } from '#common/payment-messages';
import { CODE_MESSAGES } from '#common/codes';
import { messageFinder, type MessageFinder, type TemplateValues } from '#common/i18n/templates';
import type { MessageKey, Translator } from './i18n';

/**
 * The shared schemas' messages in the page's language on the client (issue 20, decisions 063
 * and 072), as the server does for its answers (decision 056): a schema keeps its English
 * constant, and the message is found by its English on the way to the screen. A message with a
 * value ("Please pay at least KES 500.00, the price.") is found by its table's template
 * ("… at least {price}, …", common/src/i18n/templates.ts) and shown with the same value in the
 * catalogue text of its key. One mechanism for both sides: the artist side translates every
 * table its forms and the console use (app catalogue, `form.<table>.<name>`, see
 * `formMessageLocalizer`); the fan side's few forms (purchase, redeem, library) use the handful
 * below, from the fan catalogue.
 */
export type Localize = (message: string) => string;
export type MessageTables = Record<string, Readonly<Record<string, string>>>;
type Translate<K extends string> = (key: K, values?: TemplateValues) => string;

/** `find`'s messages through `t`; a message it does not know, or whose key `t` has no text for (it answers the key), stays as it is. */
function localizer<K extends string>(find: MessageFinder<K>, t: Translate<K>): Localize {
  return (message) => {
    const found = find(message);
    if (!found) return message;
    const text = t(found.key, found.values);
    return text === found.key ? message : text;
  };
}

/** The English of a table's messages, by their catalogue key `form.<table>.<name>`; `t` answers the key itself when it has none. */
export function formMessageLocalizer(tables: MessageTables, t: Translate<string>): Localize {
  const entries = Object.entries(tables).flatMap(([prefix, table]) => Object.entries(table).map(([name, text]) => [text, `form.${prefix}.${name}`] as const));
  return localizer(messageFinder(entries), t);
}

/** The fan forms' messages (a template's placeholders named as in its fan catalogue text). */
export const FAN_MESSAGES: readonly (readonly [english: string, key: MessageKey])[] = [
  [PAYMENT_MESSAGES.emailRequired, 'purchase.emailRequired'],
  [PAYMENT_MESSAGES.emailInvalid, 'purchase.emailInvalid'],
  [PAYMENT_MESSAGES.amountFormat, 'purchase.amountFormat'],
  [PAYMENT_MESSAGES.amountTooHigh, 'purchase.amountTooHigh'],
  [PAYMENT_MESSAGES.amountBelowPrice, 'purchase.amountBelowPrice'],
  [PAYMENT_MESSAGES.fixedPrice, 'purchase.fixedPrice'],
  [CODE_MESSAGES.codeRequired, 'redeem.codeRequired'],
  [CODE_MESSAGES.codeFormat, 'redeem.codeFormat'],
];
const findFanMessage = messageFinder(FAN_MESSAGES);

/** A fan form's message (a shared schema's English) in the page's language; any other text as it is. */
export function fanFormMessage(message: string, t: Translator['t']): string {
  return localizer(findFanMessage, t)(message);
}
