import { auditAcaoLabel, formatDateTimeBR } from '@erp/shared';
import { ArrowRight } from 'lucide-react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useAuditoriaDetalhe } from '../api/auditoria-api.ts';
import { AuditValue } from './audit-value.tsx';

function Info({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="break-all text-sm">{children || '—'}</dd>
    </div>
  );
}

/** One audit row: who, when, from where, and the changed fields before → after. */
export function AuditoriaDetalheDialog({ id, onClose }: { id: number | null; onClose(): void }) {
  const { data, isLoading, isError } = useAuditoriaDetalhe(id);
  return (
    <Dialog open={id !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Detalhes do registro de auditoria</DialogTitle>
          <DialogDescription>
            {data ? `${auditAcaoLabel(data.acao)} em ${formatDateTimeBR(data.occurred_at)}` : 'Carregando…'}
          </DialogDescription>
        </DialogHeader>
        {isLoading ? <Skeleton className="h-40 w-full" /> : null}
        {isError ? <p role="alert">Não foi possível carregar o registro.</p> : null}
        {data ? (
          <div className="grid gap-5">
            <dl className="grid gap-3 sm:grid-cols-2">
              <Info label="Quando">{formatDateTimeBR(data.occurred_at)}</Info>
              <Info label="Usuário">
                {data.user_id || (data.user_email && data.user_email !== 'sistema')
                  ? [data.user_nome, data.user_email].filter(Boolean).join(' · ')
                  : 'Sistema'}
              </Info>
              <Info label="Ação">{auditAcaoLabel(data.acao)}</Info>
              <Info label="Entidade">{data.entidade}</Info>
              <Info label="Registro">
                {data.registro_nome ?? data.registro_id}
                {data.registro_nome && data.registro_id ? (
                  <span className="block font-mono text-xs text-muted-foreground">{data.registro_id}</span>
                ) : null}
              </Info>
              <Info label="IP">{data.ip}</Info>
              <div className="sm:col-span-2">
                <Info label="Navegador">{data.user_agent}</Info>
              </div>
            </dl>
            <section aria-labelledby="alteracoes-titulo" className="grid gap-2">
              <h3 id="alteracoes-titulo" className="text-sm font-semibold">
                {data.acao === 'alteracao' ? 'Campos alterados' : 'Dados registrados'}
              </h3>
              {data.alteracoes.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nenhum dado adicional.</p>
              ) : (
                <>
                  <Table aria-labelledby="alteracoes-titulo" containerClassName="hidden sm:block">
                    <TableHeader>
                      <TableRow>
                        <TableHead>Campo</TableHead>
                        <TableHead>Antes</TableHead>
                        <TableHead className="w-6">
                          <span className="sr-only">para</span>
                        </TableHead>
                        <TableHead>Depois</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {data.alteracoes.map((ch) => (
                        <TableRow key={ch.campo}>
                          <TableCell className="font-medium" title={ch.campo}>
                            {ch.rotulo}
                          </TableCell>
                          <TableCell className="bg-destructive/5">
                            <AuditValue text={ch.antes_texto} />
                          </TableCell>
                          <TableCell>
                            <ArrowRight aria-hidden className="size-4 text-muted-foreground" />
                          </TableCell>
                          <TableCell className="bg-success/5">
                            <AuditValue text={ch.depois_texto} />
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                  {/* on a phone each field is a card: before and after one under the other */}
                  <ul aria-labelledby="alteracoes-titulo" className="grid gap-2 sm:hidden">
                    {data.alteracoes.map((ch) => (
                      <li key={ch.campo} className="rounded-md border border-border p-3 text-sm">
                        <div className="font-medium">{ch.rotulo}</div>
                        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                          <dt className="text-xs text-muted-foreground">Antes</dt>
                          <dd>
                            <AuditValue text={ch.antes_texto} />
                          </dd>
                          <dt className="text-xs text-muted-foreground">Depois</dt>
                          <dd>
                            <AuditValue text={ch.depois_texto} />
                          </dd>
                        </dl>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
