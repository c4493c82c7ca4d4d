/**
 * Messages that carry a value (decision 072). A shared schema's message table holds such a
 * message as its template, with ICU `{placeholders}` ("Please pay at least {price}, the price."),
 * and the function that builds the message fills it in, so its English is the table's with the
 * value in place. The same template, read backwards, finds the message and its values again on
 * the way to the screen: the web's forms put it into the page's language with the catalogue text
 * of the same key. Plain `{name}` arguments only (no select, plural or quoting), which is all a
 * refusal with a figure or a price needs; a table text without braces is a whole message.
 * Tiny on purpose: the public pages' Buy button carries it.
 */
export type TemplateValues = Record<string, string>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** `template` with each `{name}` replaced by its value; a placeholder without one stays as it is. */
export function fillTemplate(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/** The names of a template's placeholders, in order. */
export function placeholdersOf(template: string): string[] {
  return Array.from(template.matchAll(PLACEHOLDER), (match) => match[1]!);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern a template's messages have: its text as it is, each placeholder any text. */
function patternOf(template: string): RegExp {
  const source = template
    .split(PLACEHOLDER)
    .map((part, index) => (index % 2 === 0 ? escape(part) : '(.+?)'))
    .join('');
  return new RegExp(`^${source}$`, 's');
}

export interface FoundMessage<K> {
  key: K;
  /** The values a template's placeholders had in the message, by name. */
  values?: TemplateValues;
}
export type MessageFinder<K> = (message: string) => FoundMessage<K> | undefined;

/**
 * Finds a message among `entries` (its English or its template, and its key): a whole text first,
 * then each template's pattern in the entries' order. The first entry of a text keeps it.
 */
export function messageFinder<K>(entries: Iterable<readonly [english: string, key: K]>): MessageFinder<K> {
  const byText = new Map<string, K>();
  const byPattern: { pattern: RegExp; names: string[]; key: K }[] = [];
  for (const [english, key] of entries) {
    const names = placeholdersOf(english);
    if (names.length === 0) {
      if (!byText.has(english)) byText.set(english, key);
    } else byPattern.push({ pattern: patternOf(english), names, key });
  }
  return (message) => {
    const key = byText.get(message);
    if (key !== undefined) return { key };
    for (const { pattern, names, key: patternKey } of byPattern) {
      const match = pattern.exec(message);
      if (match) return { key: patternKey, values: Object.fromEntries(names.map((name, index) => [name, match[index + 1]!])) };
    }
    return undefined;
  };
}
