import { compileCatalogue } from '#common/i18n/compile';
import type { CompiledCatalogue } from '#common/i18n/format';
import type { Language } from '#common/i18n/language';
import en from './server.en.json';
import sw from './server.sw.json';

/**
 * The server's catalogues, parsed. Parsed here when loaded (tests, tsx); the server's build
 * (scripts/build-server.mjs) puts the parsed result in this module's place, so the built server
 * carries no ICU parser, as the web's build does for phones (decision 049).
 */
export const catalogues: Record<Language, CompiledCatalogue> = { en: compileCatalogue(en), sw: compileCatalogue(sw) };
