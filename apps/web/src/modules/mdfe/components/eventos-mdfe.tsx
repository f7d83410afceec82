import { formatDateTimeBR } from '@erp/shared';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { baixaXmlEvento, type MdfeDetalhe } from '../api/mdfe-api.ts';
import { mensagemDe } from './acoes-mdfe.tsx';

// The manifesto's history: emission, every conversation with SEFAZ (authorisation, rejection,
// consultation, failures) and its events (cancelamento, encerramento, inclusões), each with who and
// when, SEFAZ's code and message, and the procEventoMDFe to download when there is one.

const rotulos: Record<string, string> = {
  emissao: 'Emitido e assinado',
  autorizacao: 'Autorizado pela SEFAZ',
  rejeicao: 'Rejeitado pela SEFAZ',
  consulta: 'Consulta à SEFAZ',
  falha: 'Falha no envio à SEFAZ',
  timeout: 'Sem resposta da SEFAZ',
  cancelamento: 'Cancelamento',
  encerramento: 'Encerramento',
  inclusao_condutor: 'Inclusão de condutor',
  inclusao_dfe: 'Inclusão de NF-e',
  evento_rejeitado: 'Evento recusado pela SEFAZ',
};

export function EventosMdfe({ m }: { m: MdfeDetalhe }) {
  if (!m.eventos.length) return <p className="text-sm text-muted-foreground">Nenhum evento.</p>;
  return (
    <ol className="grid gap-2 text-sm" aria-label="Eventos do MDF-e">
      {m.eventos.map((e) => (
        <li
          key={e.id}
          className="flex flex-wrap items-start justify-between gap-2 border-l-2 border-border pl-3"
        >
          <div className="grid min-w-0 gap-0.5">
            <span className="font-medium">{rotulos[e.tipo] ?? e.tipo}</span>
            <span className="text-xs text-muted-foreground">
              {formatDateTimeBR(e.created_at)}
              {e.usuario ? ` · ${e.usuario}` : ''}
              {e.protocolo ? ` · protocolo ${e.protocolo}` : ''}
            </span>
            {e.c_stat || e.x_motivo ? (
              <span className="text-xs [overflow-wrap:anywhere]">
                {[e.c_stat, e.x_motivo].filter(Boolean).join(' – ')}
              </span>
            ) : null}
          </div>
          {e.tem_xml ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Baixar o XML do evento ${rotulos[e.tipo] ?? e.tipo}`}
              onClick={() =>
                void baixaXmlEvento(
                  m.id,
                  e.id,
                  `${m.chave}-${e.tp_evento ?? e.tipo}-procEventoMDFe.xml`,
                ).catch((err) => toast.error(mensagemDe(err, 'Não foi possível baixar o XML do evento.')))
              }
            >
              <Download aria-hidden />
              XML
            </Button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
