// The shared package's entry (the one barrel file the architecture allows).
import './zod-locale.ts';

export * from './api-error.ts';
export * from './dates.ts';
export * from './documentos.ts';
export * from './money.ts';
export * from './permissions.ts';
export * from './usuarios/perfil.schema.ts';
