import { formatDateTimeBR } from '@erp/shared';
import { ArrowLeft, Download, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ApiError } from '@/lib/api-client.ts';

const avisaErro = (msg: string) => (err: unknown) => toast.error(err instanceof ApiError ? err.message : msg);

/**
 * The heading of an NF-e's page: number, série, the other party and the emission time; the page's
 * own actions, the way back to its list, and the downloads of the XML and the DANFE (each failure a
 * toast with the server's message).
 */
export function NotaCabecalho({
  numero,
  serie,
  nome,
  emissao,
  voltar,
  baixarXml,
  abrirDanfe,
  acoes,
}: {
  numero: number | string;
  serie: number | string;
  /** The destinatário of an outgoing note, the emitente of an incoming one. */
  nome: string;
  emissao: string;
  voltar: { to: string; rotulo: string };
  baixarXml(): Promise<unknown>;
  /** Called in the click itself: it opens the new tab before awaiting the PDF. */
  abrirDanfe(): Promise<unknown>;
  acoes?: ReactNode;
}) {
  return (
    <PageHeader
      title={`NF-e nº ${numero} / série ${serie}`}
      description={`${nome} · emitida em ${formatDateTimeBR(emissao)}`}
      actions={
        <>
          {acoes}
          <Button variant="outline" asChild>
            <Link to={voltar.to}>
              <ArrowLeft aria-hidden />
              {voltar.rotulo}
            </Link>
          </Button>
          <Button
            variant="outline"
            onClick={() => void baixarXml().catch(avisaErro('Não foi possível baixar o XML.'))}
          >
            <Download aria-hidden />
            Baixar XML
          </Button>
          <Button
            variant="outline"
            onClick={() => void abrirDanfe().catch(avisaErro('Não foi possível gerar o DANFE.'))}
          >
            <FileText aria-hidden />
            DANFE (PDF)
          </Button>
        </>
      }
    />
  );
}
