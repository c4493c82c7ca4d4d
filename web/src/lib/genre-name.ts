import { genreName } from '#common/genres';
import type { MessageKey, Translator } from './i18n';

/**
 * A genre's name in the page's language (issue 20, decision 063). Most genres are names Kenyans
 * say as they are in any language (Benga, Gengetone, Bongo Flava, Hip-Hop, Amapiano…); only those
 * with an everyday Kiswahili name have one: Gospel is "Injili" (as churches and radio say it),
 * Other is "Nyingine". Slugs and addresses (/genre/gospel) never change.
 */
const LOCAL_NAMES: Partial<Record<string, MessageKey>> = { gospel: 'genre.gospel', other: 'genre.other' };

/** The name shown for a slug; undefined for one not on the list. */
export function genreDisplayName(slug: string, t: Translator['t']): string | undefined {
  const key = LOCAL_NAMES[slug];
  return key ? t(key) : genreName(slug);
}
