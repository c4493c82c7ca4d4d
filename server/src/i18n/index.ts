/**
 * The server's texts in English and everyday Kiswahili (decision 056): API messages and e-mails,
 * from the ICU catalogues server.en.json and server.sw.json, formatted by the web's runtime
 * (decision 049). The English catalogue holds exactly the texts the code has always sent (the
 * schemas' message tables and the error table; a test holds them equal), so a message is
 * translated by its English text: services keep throwing and answering in English, and the
 * answer is put into the request's language on its way out (translateMessage).
 */
import { formatMessage, type CompiledMessage, type MessageValues } from '#common/i18n/format';
import { DEFAULT_LANGUAGE, type Language } from '#common/i18n/language';
import { catalogues } from './catalogues';
import type en from './server.en.json';

export type ServerMessageKey = keyof typeof en;

/** The message `key` in `language`, its placeholders filled in. */
export function serverText(language: Language, key: ServerMessageKey, values?: MessageValues): string {
  return formatMessage(catalogues[language][key] ?? catalogues[DEFAULT_LANGUAGE][key]!, values, language);
}

/** English texts that are whole messages, and the patterns of those with {placeholders} (plain arguments only). */
const byText = new Map<string, ServerMessageKey>();
const byPattern: { pattern: RegExp; names: string[]; key: ServerMessageKey }[] = [];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
for (const [key, message] of Object.entries(catalogues.en) as [ServerMessageKey, CompiledMessage][]) {
  if (typeof message === 'string') {
    if (!byText.has(message)) byText.set(message, key);
  } else if (message.every((element) => element.type === 0 || element.type === 1)) {
    const names: string[] = [];
    const source = message.map((element) => (element.type === 0 ? escape(element.value) : (names.push(element.value), '(.+?)'))).join('');
    byPattern.push({ pattern: new RegExp(`^${source}$`, 's'), names, key });
  }
}

/** The key of an English message the server sends, with the values of its placeholders. */
export function keyOfMessage(english: string): { key: ServerMessageKey; values?: MessageValues } | undefined {
  const key = byText.get(english);
  if (key) return { key };
  for (const { pattern, names, key: patternKey } of byPattern) {
    const match = pattern.exec(english);
    if (match) return { key: patternKey, values: Object.fromEntries(names.map((name, index) => [name, match[index + 1]!])) };
  }
  return undefined;
}

/** An English message in `language`; a text the catalogue does not hold stays as it is. */
export function translateMessage(english: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return english;
  const found = keyOfMessage(english);
  return found ? serverText(language, found.key, found.values) : english;
}

/**
 * An answer's `message` and its fields' `errors` in `language` (the body is copied, not changed).
 * Anything else in the body is data and stays as it is.
 */
export function translateBody<T>(body: T, language: Language): T {
  if (language === DEFAULT_LANGUAGE || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  if (typeof record.message !== 'string' && (typeof record.errors !== 'object' || record.errors === null)) return body;
  const translated: Record<string, unknown> = { ...record };
  if (typeof record.message === 'string') translated.message = translateMessage(record.message, language);
  if (typeof record.errors === 'object' && record.errors !== null && !Array.isArray(record.errors)) {
    translated.errors = Object.fromEntries(
      Object.entries(record.errors as Record<string, unknown>).map(([field, value]) => [field, typeof value === 'string' ? translateMessage(value, language) : value]),
    );
  }
  return translated as T;
}
