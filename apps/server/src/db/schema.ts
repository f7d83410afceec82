// Every module's tables, for drizzle (queries and drizzle-kit). One line per module.
export * from '../lib/mail/mail.tables.ts';
export * from '../modules/auditoria/auditoria.tables.ts';
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/cadastros/cadastros.tables.ts';
export * from '../modules/comercial/comercial.tables.ts';
export * from '../modules/configuracoes/configuracoes.tables.ts';
export * from '../modules/dashboard/dashboard.tables.ts';
export * from '../modules/entradas/entradas.tables.ts';
export * from '../modules/estoque/estoque.tables.ts';
export * from '../modules/financeiro/extrato.tables.ts';
export * from '../modules/financeiro/financeiro.tables.ts';
export * from '../modules/fiscal/fiscal.tables.ts';
export * from '../modules/frota/frota.tables.ts';
export * from '../modules/notasfiscais/notasfiscais.tables.ts';
export * from '../modules/precos/precos.tables.ts';
export * from '../modules/tributacao/tributacao.tables.ts';
export * from '../modules/usuarios/usuarios.tables.ts';
