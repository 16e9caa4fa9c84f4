export * from './constants';
export * from './errors';
export * from './auth';
export * from './users';
export * from './routes';
export * from './quiz';
export * from './posts';
