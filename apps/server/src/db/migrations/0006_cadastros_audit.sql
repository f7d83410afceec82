-- Every change of the cadastros registers goes to the audit log (clientes and vendedores were
-- attached in 0001).
SELECT audit_attach('fornecedores');
--> statement-breakpoint
SELECT audit_attach('grupos_empresariais');
--> statement-breakpoint
SELECT audit_attach('segmentos');
--> statement-breakpoint
SELECT audit_attach('situacoes_cliente');
--> statement-breakpoint
SELECT audit_attach('regioes_entrega');
