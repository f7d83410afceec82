import type {
  BoletoRow,
  CarteiraCobrancaRow,
  InstrucaoBoleto,
  InstrucaoBoletoInput,
  LayoutCnab,
  ListPage,
  RemessaRow,
  SituacaoBoleto,
} from '@erp/shared';
import { api, unwrap } from '@/lib/api-client.ts';
import { financeiroKeys } from './keys.ts';

// Cobrança registrada (issue 31): the carteira of a bank account, the boletos of the receivables,
// their instructions and the remessa files. The answers are typed by the shared contract
// (packages/shared/src/cobranca/cobranca.schema.ts); the Hono client is reached through a plain
// path proxy so these calls do not depend on the server's route types.

type Args = { param?: Record<string, string>; query?: Record<string, string>; json?: unknown };
type Chamada = (args?: Args) => Promise<Response>;
type No = { $get: Chamada; $post: Chamada; $put: Chamada } & { [segmento: string]: No };
/** The client node of /api/financeiro/<segmentos…>. */
const no = (...segmentos: string[]) =>
  segmentos.reduce<No>((n, s) => n[s] as No, api.financeiro as unknown as No);

const json = <T>(r: Promise<Response>) =>
  unwrap(r as Promise<{ ok: boolean; status: number; json(): Promise<T> }>);

/** A file the API answers (PDF, remessa): the response itself, refused ones turned into ApiError. */
async function arquivo(r: Promise<Response>): Promise<Blob> {
  const res = await r;
  if (!res.ok) await unwrap(res as never);
  return res.blob();
}

export type CampoCarteira =
  | 'agencia'
  | 'agencia_dv'
  | 'conta'
  | 'conta_dv'
  | 'carteira'
  | 'variacao'
  | 'convenio'
  | 'posto'
  | 'codigo_transmissao';

export type CampoBancoCobranca = {
  rotulo: string;
  obrigatorio: boolean;
  tamanho: number;
  valores?: string[];
  ajuda?: string;
};

export type BancoCobranca = {
  codigo: string;
  nome: string;
  layouts: LayoutCnab[];
  campos: Partial<Record<CampoCarteira, CampoBancoCobranca>>;
};

/** GET /contas-bancarias/:id/cobranca: banco null = no cobrança registrada for the account's bank. */
export type CobrancaDaConta = { carteira: CarteiraCobrancaRow | null; banco: BancoCobranca | null };

export type CarteiraResumo = {
  conta_bancaria_id: string;
  conta_nome: string;
  banco: string;
  banco_nome: string;
  layout: LayoutCnab;
  ativa?: boolean;
  pendentes: number;
  ultimo_nsa: number;
};

export type BoletosPagina = ListPage<BoletoRow> & { contagem: Record<SituacaoBoleto, number> };

export type InstrucaoHistorico = {
  instrucao: InstrucaoBoleto;
  vencimento: string | null;
  valor: string | null;
  remessa_id: string | null;
  nsa: number | null;
  usuario: string | null;
  created_at: string;
};
export type BoletoDetalhe = BoletoRow & { instrucoes: InstrucaoHistorico[] };

export type Recusa = { titulo_id: string; pessoa_nome: string; mensagem: string };
export type GerarBoletosResposta = { gerados: BoletoRow[]; recusados: Recusa[] };

export const cobrancaApi = {
  daConta: (id: string) =>
    json<CobrancaDaConta>(no('contas-bancarias', ':id', 'cobranca').$get({ param: { id } })),
  salvarCarteira: (id: string, body: unknown) =>
    json<CarteiraCobrancaRow>(no('contas-bancarias', ':id', 'cobranca').$put({ param: { id }, json: body })),
  carteiras: () => json<CarteiraResumo[]>(no('cobranca', 'carteiras').$get()),
  boletos: (query: Record<string, string>) => json<BoletosPagina>(no('cobranca', 'boletos').$get({ query })),
  boleto: (id: string) => json<BoletoDetalhe>(no('cobranca', 'boletos', ':id').$get({ param: { id } })),
  gerar: (titulo_ids: string[]) =>
    json<GerarBoletosResposta>(no('cobranca', 'boletos').$post({ json: { titulo_ids } })),
  instrucao: (id: string, body: InstrucaoBoletoInput) =>
    json<BoletoRow>(no('cobranca', 'boletos', ':id', 'instrucoes').$post({ param: { id }, json: body })),
  pdf: (id: string) => arquivo(no('cobranca', 'boletos', ':id', 'pdf').$get({ param: { id } })),
  email: (id: string) =>
    json<{ para: string }>(no('cobranca', 'boletos', ':id', 'email').$post({ param: { id } })),
  pdfVarios: (ids: string[]) =>
    arquivo(no('cobranca', 'boletos', 'pdf').$get({ query: { ids: ids.join(',') } })),
  remessas: (query: Record<string, string>) =>
    json<ListPage<RemessaRow>>(no('cobranca', 'remessas').$get({ query })),
  gerarRemessa: (conta_bancaria_id: string) =>
    json<RemessaRow>(no('cobranca', 'remessas').$post({ json: { conta_bancaria_id } })),
  arquivoRemessa: (id: string) =>
    arquivo(no('cobranca', 'remessas', ':id', 'arquivo').$get({ param: { id } })),
};

/** Query keys of cobrança: under ['financeiro'], so a baixa elsewhere reloads the boletos too. */
export const cobrancaKeys = {
  all: [...financeiroKeys.all, 'cobranca'] as const,
  daConta: (id: string) => [...financeiroKeys.all, 'cobranca', 'conta', id] as const,
  carteiras: () => [...financeiroKeys.all, 'cobranca', 'carteiras'] as const,
  boletos: (query: Record<string, string>) => [...financeiroKeys.all, 'cobranca', 'boletos', query] as const,
  doTitulo: (tituloId: string) => [...financeiroKeys.all, 'cobranca', 'titulo', tituloId] as const,
  boleto: (id: string) => [...financeiroKeys.all, 'cobranca', 'boleto', id] as const,
  remessas: (query: Record<string, string>) =>
    [...financeiroKeys.all, 'cobranca', 'remessas', query] as const,
};
