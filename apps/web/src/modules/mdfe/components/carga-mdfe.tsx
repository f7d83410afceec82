import { type Carga, formatBRL, hasAnyRole, isUf, type Uf } from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { FileCheck2, Truck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { LoadErrorAlert } from '@/components/data-table/list-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError, api, unwrap } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { cargasApi } from '@/modules/expedicao/api/expedicao-api.ts';
import { fiscalKeys } from '@/modules/fiscal/api/fiscal-api.ts';
import { type EmissaoMdfe, type MdfeResumo, mdfeApi, mdfeKeys } from '../api/mdfe-api.ts';
import { pesoKg } from '../pages/mdfes-page.tsx';
import { mensagemDe, useRecarregaMdfe } from './acoes-mdfe.tsx';
import { EmitirMdfeDialog } from './emitir-mdfe-dialog.tsx';
import { StatusMdfeBadge } from './status-mdfe-badge.tsx';

// The load page's «MDF-e» block (faturada, em rota, finalizada): the load's manifestos with their
// status and SEFAZ's message, «Emitir MDF-e» while none is alive, and «Saiu para entrega» — refused
// by the server without the required manifesto (409, reason 'mdfe'), which is shown here with the
// button to emit it.

const VIVOS = ['assinado', 'rejeitado', 'autorizado'];

export function CargaMdfe({ carga: c }: { carga: Carga }) {
  const visivel = c.status === 'faturada' || c.status === 'em_rota' || c.status === 'finalizada';
  const { roles } = useAuth();
  const admin = hasAnyRole(roles, ['admin']);
  const recarrega = useRecarregaMdfe();
  const lista = useQuery({
    queryKey: mdfeKeys.carga(c.id),
    queryFn: () => mdfeApi.daCarga(c.id),
    enabled: visivel,
  });
  const [emitindo, setEmitindo] = useState(false);
  const [recusa, setRecusa] = useState<string | null>(null);
  const [saindo, setSaindo] = useState(false);
  if (!visivel) return null;
  const items = lista.data ?? [];
  const podeEmitir =
    c.status === 'faturada' && lista.isSuccess && !items.some((m) => VIVOS.includes(m.status));
  const ufsFim = [...new Set(c.paradas.map((p) => p.uf).filter((u): u is Uf => isUf(u)))];

  const sai = async () => {
    setSaindo(true);
    setRecusa(null);
    try {
      await cargasApi.transicao(c.id, { para: 'em_rota', versao: c.versao });
      toast.success(`Carga nº ${c.numero} saiu para entrega.`);
    } catch (err) {
      if (err instanceof ApiError && err.body.details?.reason === 'mdfe') setRecusa(err.message);
      else toast.error(mensagemDe(err, 'Não foi possível marcar a saída da carga.'));
    } finally {
      setSaindo(false);
      recarrega();
    }
  };

  const emitido = (r: EmissaoMdfe) => {
    setEmitindo(false);
    setRecusa(null);
    avisaEmissao(r);
    recarrega();
  };

  return (
    <Card role="region" aria-labelledby="carga-mdfe-titulo">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle id="carga-mdfe-titulo" className="flex items-center gap-2">
            <FileCheck2 className="size-5" aria-hidden />
            MDF-e
          </CardTitle>
          <CardDescription>Manifesto eletrônico da viagem: um por UF de descarregamento.</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          {podeEmitir ? (
            <Button onClick={() => setEmitindo(true)}>
              <FileCheck2 aria-hidden />
              Emitir MDF-e
            </Button>
          ) : null}
          {c.transicoes.includes('em_rota') ? (
            <Button variant="outline" disabled={saindo} onClick={() => void sai()}>
              {saindo ? <Spinner /> : <Truck aria-hidden />}
              Saiu para entrega
            </Button>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        {recusa ? (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          >
            <p>{recusa}</p>
            {podeEmitir ? (
              <Button size="sm" onClick={() => setEmitindo(true)}>
                Emitir MDF-e
              </Button>
            ) : null}
          </div>
        ) : null}
        {lista.isError ? (
          <LoadErrorAlert
            message="Não foi possível carregar os MDF-e da carga."
            onRetry={() => void lista.refetch()}
          />
        ) : null}
        {lista.isSuccess && !items.length ? (
          <p className="text-sm text-muted-foreground">A carga ainda não tem MDF-e.</p>
        ) : null}
        {items.length ? (
          <ul className="grid gap-2" aria-label="MDF-e da carga">
            {items.map((m) => (
              <LinhaMdfe key={m.id} m={m} />
            ))}
          </ul>
        ) : null}
      </CardContent>
      {emitindo ? (
        <EmitirComOrigem
          admin={admin}
          carga={c}
          ufsFim={ufsFim}
          onEmitido={emitido}
          onClose={() => setEmitindo(false)}
        />
      ) : null}
    </Card>
  );
}

function LinhaMdfe({ m }: { m: MdfeResumo }) {
  return (
    <li className="grid gap-1 rounded-md border border-border p-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={`/expedicao/mdfe/${m.id}`} className="font-medium underline-offset-4 hover:underline">
          MDF-e nº {m.numero} · série {m.serie}
        </Link>
        <StatusMdfeBadge status={m.status} />
      </div>
      <div className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
        <span>
          {m.uf_ini} → {m.uf_fim}
        </span>
        <span>{m.q_nfe} NF-e</span>
        <span className="tabular-nums">{pesoKg(m.q_carga)}</span>
        <span className="tabular-nums">{formatBRL(m.v_carga)}</span>
        {m.protocolo ? <span>Protocolo {m.protocolo}</span> : null}
      </div>
      {m.status === 'rejeitado' && (m.c_stat || m.x_motivo) ? (
        <p className="text-xs text-red-800 [overflow-wrap:anywhere] dark:text-red-200">
          Rejeição da SEFAZ: {m.c_stat} – {m.x_motivo}
        </p>
      ) : null}
    </li>
  );
}

/** The emission dialog with the UF de carregamento: the emitter's (admin reads the fiscal settings). */
function EmitirComOrigem({
  admin,
  carga,
  ufsFim,
  onEmitido,
  onClose,
}: {
  admin: boolean;
  carga: Carga;
  ufsFim: Uf[];
  onEmitido(r: EmissaoMdfe): void;
  onClose(): void;
}) {
  const fiscal = useQuery({
    queryKey: fiscalKeys.configuracao,
    queryFn: () => unwrap(api.fiscal.configuracao.$get()),
    enabled: admin,
  });
  // a non-admin: the UF de carregamento of an earlier manifesto (every one starts at the emitter)
  const anterior = useQuery({
    queryKey: mdfeKeys.list({ pageSize: '1' }),
    queryFn: () => mdfeApi.list({ pageSize: '1' }),
    enabled: !admin,
  });
  const uf = admin ? fiscal.data?.emitente?.endereco.uf : anterior.data?.items[0]?.uf_ini;
  if (admin ? fiscal.isLoading : anterior.isLoading) return null;
  return (
    <EmitirMdfeDialog
      cargaId={carga.id}
      cargaNumero={carga.numero}
      ufIni={isUf(uf) ? uf : null}
      ufsFim={ufsFim}
      onEmitido={onEmitido}
      onClose={onClose}
    />
  );
}

/** What SEFAZ said of each new manifesto, as toasts. */
function avisaEmissao(r: EmissaoMdfe) {
  for (const m of r.items.filter((x) => VIVOS.includes(x.status))) {
    const falha = r.falhas.find((f) => f.id === m.id);
    if (m.status === 'autorizado')
      toast.success(`MDF-e nº ${m.numero} autorizado${m.protocolo ? ` (protocolo ${m.protocolo})` : ''}.`);
    else if (m.status === 'rejeitado')
      toast.error(`MDF-e nº ${m.numero} rejeitado: ${m.c_stat} – ${m.x_motivo}`);
    else
      toast.warning(
        `MDF-e nº ${m.numero} assinado, mas não autorizado${falha ? ` — ${falha.mensagem}` : ''}. Use «Transmitir» no manifesto.`,
      );
  }
}
