// Types of scripts/decisions-index.mjs for the TypeScript that imports it (server/test/decisions-index.test.ts).

export interface StatusRef {
  number: number;
  /** 'changes': supersedes, replaces or changes part of it; 'extends': extends or adds to it; 'changed-by': the record's own "superseded by". */
  kind: 'changes' | 'extends' | 'changed-by';
}

export interface DecisionRecord {
  file: string;
  /** From the file name (NaN if it has none). */
  number: number;
  title: string;
  date: string;
  /** The whole Status paragraph, its lines joined. */
  status: string;
  /** Numbers the record's Later lines link to, sorted. */
  later: number[];
  refs: StatusRef[];
  /** Header rules the record breaks, in words. */
  problems: string[];
}

export interface IndexRow extends DecisionRecord {
  shortStatus: string;
  changedBy: DecisionRecord[];
}

export const DECISIONS_DIR: string;
export const README_FILE: string;
export const LENIENT_THROUGH: number;
export const GENERATED_MARK: string;
export const DEFAULT_INTRO: string;
export function parseRecord(file: string, text: string): DecisionRecord;
export function statusRefs(status: string): StatusRef[];
export function indexRows(records: DecisionRecord[]): IndexRow[];
export function shortStatus(status: string): string;
export function generatedPart(records: DecisionRecord[]): string;
export function readmeText(records: DecisionRecord[], current: string | null): string;
export function recordProblems(records: DecisionRecord[]): string[];
export function readRecords(dir?: string): DecisionRecord[];
export function main(args: string[]): number;
