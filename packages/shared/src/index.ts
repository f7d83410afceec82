// The shared package's entry (the one barrel file the architecture allows).
import './zod-locale.ts';

export * from './api-error.ts';
export * from './auditoria/auditoria.schema.ts';
export * from './auditoria/auditoria-campos.ts';
export * from './auditoria/auditoria-valores.ts';
export * from './auth/auth.schema.ts';
export * from './auth/gotrue.schema.ts';
export * from './cadastros/brasil.ts';
export * from './cadastros/classificacoes.schema.ts';
export * from './cadastros/clientes.schema.ts';
export * from './cadastros/fornecedores.schema.ts';
export * from './cadastros/mascaras.ts';
export * from './cadastros/normaliza.ts';
export * from './cadastros/pessoa.schema.ts';
export * from './cadastros/vendedores.schema.ts';
export * from './configuracoes/configuracoes.schema.ts';
export * from './dashboard/dashboard.schema.ts';
export * from './dashboard/overdue.ts';
export * from './dashboard/period.ts';
export * from './dashboard/stock-status.ts';
export * from './dates.ts';
export * from './documentos.ts';
export * from './list-params.ts';
export * from './money.ts';
export * from './permissions.ts';
export * from './usuarios/perfil.schema.ts';
export * from './usuarios/usuarios.schema.ts';
