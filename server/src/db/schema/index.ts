export * from './accounts';
export * from './jobs';
