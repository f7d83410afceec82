// The shared package's entry (the one barrel file the architecture allows).
import './zod-locale.ts';

export * from './api-error.ts';
export * from './dashboard/dashboard.schema.ts';
export * from './dashboard/overdue.ts';
export * from './dashboard/period.ts';
export * from './dashboard/stock-status.ts';
export * from './dates.ts';
export * from './documentos.ts';
export * from './money.ts';
export * from './permissions.ts';
export * from './usuarios/perfil.schema.ts';
