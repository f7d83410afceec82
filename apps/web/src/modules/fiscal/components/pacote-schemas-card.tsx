import { formatDateTimeBR } from '@erp/shared';
import { FileCode2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { usePacoteSchemas } from '../api/schemas-api.ts';

// "Schemas XSD da NF-e": which package the server validates every NF-e with (imported and issued),
// where it came from, and how to install the official one (docs/decisions/0006-pacote-xsd-nfe.md).

const ORIGEM = {
  variavel: 'Variável NFE_SCHEMAS_DIR',
  'pasta-de-dados': 'Instalado na pasta de dados',
  npm: 'Padrão da instalação (pacote npm)',
} as const;

function Dado({ rotulo, children }: { rotulo: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{rotulo}</dt>
      <dd className="break-words text-sm">{children}</dd>
    </div>
  );
}

export function PacoteSchemasCard() {
  const { data, isLoading, isError } = usePacoteSchemas();
  const p = data?.nfe ?? null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileCode2 className="size-5" aria-hidden /> Schemas XSD da NF-e
        </CardTitle>
        <CardDescription>
          Pacote de schemas com que o servidor valida cada NF-e importada ou emitida. Escolhido na
          inicialização do servidor.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4" data-testid="pacote-schemas">
        {isLoading ? <Skeleton className="h-20 w-full" /> : null}
        {isError ? <p role="alert">Não foi possível carregar o pacote de schemas.</p> : null}
        {data && !p ? (
          <p role="alert" className="text-sm text-destructive">
            Nenhum pacote de schemas encontrado: a importação e a emissão de NF-e estão indisponíveis. Rode
            npm install ou instale o pacote oficial com npm run nfe:schemas.
          </p>
        ) : null}
        {p ? (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <p className="font-medium" data-testid="pacote-schemas-nome">
                {p.nome}
              </p>
              {p.completo ? (
                <Badge variant={p.origem === 'npm' ? 'secondary' : 'success'}>{ORIGEM[p.origem]}</Badge>
              ) : (
                <Badge variant="destructive">Incompleto</Badge>
              )}
            </div>
            <dl className="grid gap-3 sm:grid-cols-2">
              <Dado rotulo="Origem">
                <span data-testid="pacote-schemas-fonte">
                  {p.fonte ?? ORIGEM[p.origem]}
                  {p.instalado_em ? ` — instalado em ${formatDateTimeBR(p.instalado_em)}` : ''}
                </span>
              </Dado>
              <Dado rotulo="CNPJ alfanumérico">
                <span data-testid="pacote-schemas-cnpj">{p.cnpj_alfanumerico ? 'Aceito' : 'Não aceito'}</span>
              </Dado>
              <Dado rotulo="Pasta">
                <span className="font-mono text-xs">{p.dir}</span>
              </Dado>
            </dl>
            {!p.completo ? (
              <p role="alert" className="text-sm text-destructive">
                A pasta não contém nfe_v4.00.xsd: a importação e a emissão de NF-e são recusadas até que
                NFE_SCHEMAS_DIR aponte para o pacote completo.
              </p>
            ) : null}
            {p.origem === 'npm' ? (
              <p className="text-sm text-muted-foreground">
                Para usar o pacote oficial mais recente, baixe o zip no Portal Nacional da NF-e (Documentos →
                Esquemas XML) e rode{' '}
                <code className="font-mono text-xs">npm run nfe:schemas -- arquivo.zip</code> no servidor; ele
                vale a partir da próxima inicialização.
                {p.cnpj_alfanumerico
                  ? ''
                  : ' Este pacote não aceita CNPJ alfanumérico: notas com emitente, destinatário ou transportador com CNPJ alfanumérico precisam do pacote oficial.'}
              </p>
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
