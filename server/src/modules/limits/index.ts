/** Limits shared by every server process: attempt counters, rate limits, upload slots. */
export { limitsPlugin } from './limits.plugin';
export type { AttemptStore } from './attempt-store';
