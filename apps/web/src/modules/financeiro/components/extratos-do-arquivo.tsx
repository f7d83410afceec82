import { acctidDaConta, type ContaBancariaRow, plural } from '@erp/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { ApiError } from '@/lib/api-client.ts';

// An OFX file with several statements (several BANKACCTFROM): each statement with the bank account
// it goes to — preselected by the account number (ACCTID), "Não importar" otherwise — and one click
// to import the chosen ones (each through the import route with its extrato_indice). A statement
// the first import already took shows where it went.

export type ExtratoDoArquivo = {
  indice: number;
  banco: string | null;
  conta: string | null;
  lancamentos: number;
  importado?: boolean;
};

export type ArquivoComExtratos = {
  nome: string;
  conteudo_base64: string;
  extratos: ExtratoDoArquivo[];
  /** The account the first import went to (when it took one statement). */
  contaImportada: string | null;
};

export function ExtratosDoArquivo({
  arquivo,
  contas,
  importar,
  onConcluido,
}: {
  arquivo: ArquivoComExtratos;
  contas: ContaBancariaRow[];
  importar(json: Record<string, unknown>): Promise<Record<string, unknown>>;
  onConcluido(resumo: string): void;
}) {
  const nomeConta = (id: string | null) => contas.find((c) => c.id === id)?.nome ?? '';
  const [escolhas, setEscolhas] = useState<Record<number, string>>(() =>
    Object.fromEntries(
      arquivo.extratos
        .filter((x) => !x.importado)
        .map((x) => [
          x.indice,
          contas.find(
            (c) => c.id !== arquivo.contaImportada && acctidDaConta(x.conta, c.conta, c.conta_digito),
          )?.id ?? '',
        ]),
    ),
  );
  const [feitos, setFeitos] = useState<Record<number, string>>({});
  const enviar = useMutation({
    mutationFn: async () => {
      const partes: string[] = [];
      const novos: Record<number, string> = {};
      for (const [indice, conta] of Object.entries(escolhas)) {
        if (!conta || feitos[Number(indice)]) continue;
        const r = await importar({
          conta_bancaria_id: conta,
          nome: arquivo.nome,
          conteudo_base64: arquivo.conteudo_base64,
          extrato_indice: indice,
          // the account chosen in this table, beside the file's own account number, is the
          // confirmation the server asks for when they differ (409 conta_divergente)
          confirmar_conta: true,
        });
        novos[Number(indice)] = conta;
        partes.push(
          `${nomeConta(conta)}: ${plural(Number(r.novas), 'novo', 'novos')}, ${plural(Number(r.repetidas), 'já importado', 'já importados')}`,
        );
      }
      return { partes, novos };
    },
    onSuccess: ({ partes, novos }) => {
      setFeitos((f) => ({ ...f, ...novos }));
      onConcluido(
        partes.length ? `Extratos importados — ${partes.join('; ')}.` : 'Nenhum extrato escolhido.',
      );
    },
    onError: (x) => onConcluido(x instanceof ApiError ? x.message : 'Não foi possível importar os extratos.'),
  });
  const algum = Object.entries(escolhas).some(([i, c]) => c && !feitos[Number(i)]);
  return (
    <section aria-label="Extratos do arquivo" className="mb-4 grid gap-2 rounded-md border p-3 text-sm">
      <h2 className="font-medium">
        O arquivo {arquivo.nome} tem {arquivo.extratos.length} extratos: escolha a conta de cada um
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full">
          <caption className="sr-only">Extratos do arquivo</caption>
          <thead className="text-left text-muted-foreground">
            <tr>
              <th className="hidden px-2 py-1 sm:table-cell">Banco</th>
              <th className="px-2 py-1">Conta no arquivo</th>
              <th className="px-2 py-1 text-right">Lanç.</th>
              <th className="px-2 py-1">Conta</th>
            </tr>
          </thead>
          <tbody>
            {arquivo.extratos.map((x) => {
              const destino = x.importado ? arquivo.contaImportada : (feitos[x.indice] ?? null);
              return (
                <tr key={x.indice} className="border-t" data-testid={`extrato-${x.indice + 1}`}>
                  <td className="hidden px-2 py-1 sm:table-cell">{x.banco ?? '—'}</td>
                  <td className="px-2 py-1 font-mono whitespace-nowrap">{x.conta ?? '—'}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{x.lancamentos}</td>
                  <td className="px-2 py-1">
                    {destino ? (
                      <Badge variant="success">Importado em {nomeConta(destino)}</Badge>
                    ) : (
                      <NativeSelect
                        aria-label={`Conta do extrato ${x.indice + 1} (${x.conta ?? 'sem conta'})`}
                        className="h-8 w-auto min-w-36"
                        value={escolhas[x.indice] ?? ''}
                        onChange={(ev) => setEscolhas((e) => ({ ...e, [x.indice]: ev.target.value }))}
                      >
                        <option value="">Não importar</option>
                        {contas.map((c) => (
                          <option key={c.id} value={c.id}>
                            {c.nome}
                          </option>
                        ))}
                      </NativeSelect>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Button
        type="button"
        className="justify-self-start"
        disabled={!algum || enviar.isPending}
        onClick={() => enviar.mutate()}
      >
        {enviar.isPending ? 'Importando…' : 'Importar extratos escolhidos'}
      </Button>
    </section>
  );
}
