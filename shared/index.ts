export * from './schemas';
export * from './api/endpoints';
export * from './pricing';
export * from './format';
export * from './upc';
export * from './location';
export * from './zip-prefixes';
export * from './orderable';
