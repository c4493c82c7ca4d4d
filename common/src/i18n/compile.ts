/**
 * Parses a catalogue's ICU messages once, at build time (the web app's Vite plugin) or when a
 * test or the server loads them, into the elements format.ts formats. Never bundled for a phone.
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import type { CompiledCatalogue, CompiledMessage, MessageElement } from './format';

export function compileMessage(message: string): CompiledMessage {
  const elements = parse(message, { ignoreTag: true, requiresOtherClause: true, shouldParseSkeletons: false });
  // Only the fields format.ts reads: the rest (locations, number styles' skeletons) is weight.
  const compact = JSON.parse(JSON.stringify(elements, (key, value: unknown) => (key === 'location' ? undefined : value))) as MessageElement[];
  if (compact.every((element) => element.type === 0)) return compact.map((element) => (element as { value: string }).value).join('');
  for (const element of compact) {
    if (![0, 1, 2, 5, 6, 7].includes(element.type)) throw new Error(`Unsupported ICU element (type ${element.type}) in "${message}"`);
  }
  return compact;
}

export function compileCatalogue(messages: Record<string, string>): CompiledCatalogue {
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]));
}
