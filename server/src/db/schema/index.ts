export * from './accounts';
export * from './jobs';
export * from './catalog';
export * from './shared-state';
export * from './fans';
export * from './payments';
export * from './uploads';
export * from './library';
