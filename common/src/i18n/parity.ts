import { compileMessage } from './compile';
import type { CompiledMessage } from './format';

/**
 * What every pair of catalogues must hold (the fan side's, the artist side's and the server's):
 * the same keys in English and Kiswahili, no empty text, and the same placeholders filled in by
 * each key's two messages. The catalogues' tests assert these are empty.
 */

type Catalogue = Readonly<Record<string, string>>;

/** Keys one language has and the other lacks. */
export function missingKeys(en: Catalogue, sw: Catalogue): { missingInSw: string[]; missingInEn: string[] } {
  return { missingInSw: Object.keys(en).filter((key) => !(key in sw)), missingInEn: Object.keys(sw).filter((key) => !(key in en)) };
}

/** Keys whose text is empty or blank, in either language. */
export function emptyTexts(en: Catalogue, sw: Catalogue): string[] {
  return [...Object.entries(en), ...Object.entries(sw)].filter(([, text]) => text.trim() === '').map(([key]) => key);
}

function names(elements: CompiledMessage): string[] {
  return typeof elements === 'string'
    ? []
    : elements.flatMap((element) => [
        ...('value' in element && element.type !== 0 ? [element.value] : []),
        ...('options' in element ? Object.values(element.options).flatMap((option) => names(option.value)) : []),
      ]);
}

/** The placeholders an ICU message fills in (plural and select arguments too), sorted, once each. */
export function placeholdersOf(message: string): string[] {
  return [...new Set(names(compileMessage(message)))].sort();
}

/** Keys whose Kiswahili fills in other placeholders than their English, with both lists. */
export function placeholderMismatches(en: Catalogue, sw: Catalogue): { key: string; en: string[]; sw: string[] }[] {
  return Object.keys(en).flatMap((key) => {
    const english = placeholdersOf(en[key] ?? '');
    const swahili = placeholdersOf(sw[key] ?? '');
    return english.join() === swahili.join() ? [] : [{ key, en: english, sw: swahili }];
  });
}
