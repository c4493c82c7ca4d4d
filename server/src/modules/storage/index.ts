/** Media storage (local disk or an S3-compatible bucket) and serving stored files with ranges. */
export { storagePlugin } from './storage.plugin';
export type { Storage } from './storage';
export { storageKeys } from './storage-keys';
export { HotObjects } from './hot-objects';
export { sendStoredFile, type ServedFile } from './serve-file';
