import { sql } from 'drizzle-orm';
import { customType, text } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Issue 17 (docs/decisions/037): a row's search document, kept by PostgreSQL itself (stored
 * generated columns), so a search reads it instead of folding every candidate row again:
 * `search_doc`, the folded text (trigram index), and `search_tsv`, its words (full-text index).
 * `document` is SQL over the table's own columns, calling sauti_search_doc() of migration 0010.
 */
export function searchColumns(document: string) {
  return {
    searchDoc: text('search_doc').generatedAlwaysAs(sql.raw(document)),
    searchTsv: tsvector('search_tsv').generatedAlwaysAs(sql.raw(`to_tsvector('simple'::regconfig, ${document})`)),
  };
}
