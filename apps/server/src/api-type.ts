export type { ApiType } from './app.ts';
