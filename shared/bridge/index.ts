export * from './result';
export * from './datasets';
export * from './session';
export * from './outbox';
export * from './search';
export * from './events';
export * from './contract';
export * from './api';
