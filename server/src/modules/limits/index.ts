/** Limits shared by every server process: attempt counters, rate limits, upload slots. */
export { limitsPlugin } from './limits.plugin';
export { MemoryAttemptStore, DbAttemptStore, type AttemptStore, type AttemptCount } from './attempt-store';
export type { UploadSlot, UploadSlots } from './upload-slots';
