/**
 * The runtime of our ICU messages (decision 049): a few dozen lines that format messages already
 * parsed at build time (compile.ts), so no parser ever reaches a phone. The elements are the
 * ICU MessageFormat AST of FormatJS's parser (@formatjs/icu-messageformat-parser), which we keep
 * as it is: plain text, {arguments}, {n, number}, {x, select, ...} and {n, plural, ...} with #.
 * Plural categories come from the browser's Intl.PluralRules, numbers from Intl.NumberFormat.
 */
import type { Language } from './language';

export type MessageElement =
  | { type: 0; value: string }
  | { type: 1; value: string }
  | { type: 2; value: string; style?: unknown }
  | { type: 5; value: string; options: Record<string, { value: MessageElement[] }> }
  | { type: 6; value: string; options: Record<string, { value: MessageElement[] }>; offset: number; pluralType?: 'cardinal' | 'ordinal' }
  | { type: 7 };

/** A message with nothing to fill in is kept as its text. */
export type CompiledMessage = string | MessageElement[];
export type CompiledCatalogue = Record<string, CompiledMessage>;
export type MessageValues = Record<string, string | number>;

const numberFormat = (language: Language, value: number) => new Intl.NumberFormat(language).format(value);

function formatElements(elements: MessageElement[], values: MessageValues, language: Language, pound: number): string {
  let text = '';
  for (const element of elements) {
    if (element.type === 0) text += element.value;
    else if (element.type === 1) text += String(values[element.value] ?? '');
    else if (element.type === 2) text += numberFormat(language, Number(values[element.value]));
    else if (element.type === 7) text += numberFormat(language, pound);
    else if (element.type === 5) {
      const option = element.options[String(values[element.value])] ?? element.options.other;
      if (option) text += formatElements(option.value, values, language, pound);
    } else {
      const count = Number(values[element.value]) - element.offset;
      const category = new Intl.PluralRules(language, { type: element.pluralType ?? 'cardinal' }).select(count);
      const option = element.options[`=${count + element.offset}`] ?? element.options[category] ?? element.options.other;
      if (option) text += formatElements(option.value, values, language, count);
    }
  }
  return text;
}

export function formatMessage(message: CompiledMessage, values: MessageValues | undefined, language: Language): string {
  return typeof message === 'string' ? message : formatElements(message, values ?? {}, language, 0);
}
