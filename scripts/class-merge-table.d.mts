/** The file the table is written to. */
export const TABLE_FILE: string;
/** Every word inside a string literal of web/src's sources (tests aside), sorted. */
export function candidateClasses(): string[];
/** The table's source text, as the script writes it. */
export function tableSource(): Promise<string>;
/** The table's lines (CLASS_MERGE_TABLE), as the script makes them from web/src today. */
export function tableLines(): Promise<string>;
