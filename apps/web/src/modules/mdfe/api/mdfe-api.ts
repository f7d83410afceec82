import type {
  CancelamentoMdfeInput,
  EmissaoMdfeInput,
  EncerramentoMdfeInput,
  InclusaoCondutorInput,
  InclusaoDfeInput,
  MdfeConfiguracao,
  PendenciaMdfe,
  StatusMdfe,
} from '@erp/shared';
import { api, unwrap } from '@/lib/api-client.ts';
import { openPdf, saveFile } from '@/lib/file-download.ts';

// Typed wrappers over the MDF-e API (/api/expedicao/mdfe and /api/expedicao/cargas/:id/mdfe, admin
// and comercial; the company's settings /api/fiscal/mdfe, admin). The server's readings are plain
// rows: their shapes are written down here. Every action invalidates ['mdfe'] and ['expedicao'].

const m = api.expedicao.mdfe;
const cargas = api.expedicao.cargas;
type Q = Record<string, string>;

export type MdfeResumo = {
  id: string;
  carga_id: string;
  carga_numero: number;
  serie: number;
  numero: number;
  chave: string;
  status: StatusMdfe;
  ambiente: string;
  tp_emis: string;
  uf_ini: string;
  uf_fim: string;
  percurso: string[];
  placa: string;
  condutores: { nome: string; cpf: string }[];
  q_nfe: number;
  q_carga: string;
  v_carga: string;
  emissao: string;
  protocolo: string | null;
  autorizado_em: string | null;
  c_stat: string | null;
  x_motivo: string | null;
  consulta_pendente: boolean;
  encerrado_em: string | null;
  encerramento_data: string | null;
  encerramento_uf: string | null;
  encerramento_municipio: string | null;
  cancelado_em: string | null;
  motivo_cancelamento: string | null;
  created_at: string;
  carga_status: string;
};

export type NotaMdfe = {
  id: string;
  nota_id: string | null;
  nota_numero: number | null;
  chave: string;
  c_mun_descarga: string;
  x_mun_descarga: string;
  uf_descarga: string;
  peso: string;
  valor: string;
  incluida_por_evento: boolean;
  cliente: string | null;
};

/** The open manifesto of the same truck SEFAZ named in a 611 rejection. */
export type MdfeAberto = { chave: string; id: string | null; numero: number | null; carga_id: string | null };

export type EventoMdfe = {
  id: string;
  tipo: string;
  tp_evento: string | null;
  n_seq_evento: number | null;
  c_stat: string | null;
  x_motivo: string | null;
  protocolo: string | null;
  detalhe: ({ aberto?: MdfeAberto } & Record<string, unknown>) | null;
  created_at: string;
  tem_xml: boolean;
  usuario: string | null;
};

export type AcoesMdfe = {
  transmitir: boolean;
  /** SEFAZ unreachable: sign again in contingência (tpEmis 2) so the truck may leave with its DAMDFE. */
  contingencia: boolean;
  consultar: boolean;
  /** null: allowed; else why not. */
  cancelar: string | null;
  encerrar: string | null;
  incluir: boolean;
};

export type MdfeDetalhe = MdfeResumo & {
  status_label: string;
  municipios: { codigo: string; nome: string; uf: string; notas: NotaMdfe[] }[];
  eventos: EventoMdfe[];
  acoes: AcoesMdfe;
};

/** SEFAZ's answer to a transmission, a consultation or an event. */
export type ResultadoMdfe = {
  status?: StatusMdfe;
  cStat?: string;
  xMotivo?: string;
  aberto?: MdfeAberto | null;
};
export type AcaoMdfe = { resultado: ResultadoMdfe | null; mdfe: MdfeDetalhe };

export type EmissaoMdfe = { falhas: { id: string; mensagem: string }[]; items: MdfeResumo[] };

export type NaoEncerrados = {
  cStat: string;
  xMotivo: string;
  items: {
    chave: string;
    protocolo: string | null;
    id: string | null;
    numero: number | null;
    placa: string | null;
    carga_id: string | null;
    carga_numero: number | null;
  }[];
};

export type { PendenciaMdfe };

/** The pendências of a refused «Emitir MDF-e» (422, details.pendencias). */
export function pendenciasDe(details: Record<string, unknown> | undefined): PendenciaMdfe[] {
  const p = details?.pendencias;
  return Array.isArray(p) ? (p as PendenciaMdfe[]) : [];
}

async function arquivo(res: Promise<unknown>): Promise<Blob> {
  const r = (await res) as Response;
  if (!r.ok) await unwrap(r as never);
  return r.blob();
}

const acao = async (res: Promise<unknown>) => (await unwrap(res as never)) as unknown as AcaoMdfe;

export const mdfeApi = {
  list: async (query: Q) => {
    const page = await unwrap(m.$get({ query: query as never }));
    return { ...page, items: page.items as unknown as MdfeResumo[] };
  },
  get: async (id: string) => (await unwrap(m[':id'].$get({ param: { id } }))) as unknown as MdfeDetalhe,
  daCarga: async (cargaId: string) =>
    (
      (await unwrap(cargas[':id'].mdfe.$get({ param: { id: cargaId } }))) as unknown as {
        items: MdfeResumo[];
      }
    ).items,
  emitir: async (cargaId: string, json: EmissaoMdfeInput) =>
    (await unwrap(
      cargas[':id'].mdfe.$post({ param: { id: cargaId }, json: json as never }),
    )) as unknown as EmissaoMdfe,
  transmitir: (id: string) => acao(m[':id'].transmitir.$post({ param: { id } })),
  consultar: (id: string) => acao(m[':id'].consultar.$post({ param: { id } })),
  contingencia: (id: string) => acao(m[':id'].contingencia.$post({ param: { id } })),
  cancelar: (id: string, json: CancelamentoMdfeInput) =>
    acao(m[':id'].cancelar.$post({ param: { id }, json })),
  encerrar: (id: string, json: EncerramentoMdfeInput) =>
    acao(m[':id'].encerrar.$post({ param: { id }, json })),
  incluirCondutor: (id: string, json: InclusaoCondutorInput) =>
    acao(m[':id'].condutores.$post({ param: { id }, json })),
  incluirDfe: (id: string, json: InclusaoDfeInput) =>
    acao(m[':id'].documentos.$post({ param: { id }, json })),
  naoEncerrados: async () => (await unwrap(m['nao-encerrados'].$post())) as unknown as NaoEncerrados,
  configuracao: async () => (await unwrap(api.fiscal.mdfe.$get())) as unknown as MdfeConfiguracao,
  salvaConfiguracao: async (json: MdfeConfiguracao) =>
    (await unwrap(api.fiscal.mdfe.$put({ json: json as never }))) as unknown as MdfeConfiguracao,
};

/** The manifesto's XML (the mdfeProc once authorised) as a file download. */
export async function baixaXmlMdfe(id: string, nome: string) {
  saveFile(await arquivo(m[':id'].xml.$get({ param: { id } })), nome);
}

/** An event's procEventoMDFe as a file download. */
export async function baixaXmlEvento(id: string, eventoId: string, nome: string) {
  saveFile(await arquivo(m[':id'].eventos[':eventoId'].xml.$get({ param: { id, eventoId } })), nome);
}

/** The DAMDFE (PDF), opened in a new tab (or downloaded when pop-ups are blocked). */
export function abreDamdfe(id: string, nome: string) {
  return openPdf(() => arquivo(m[':id']['damdfe.pdf'].$get({ param: { id } })), nome);
}

export const mdfeKeys = {
  all: ['mdfe'] as const,
  list: (query: Q) => ['mdfe', 'list', query] as const,
  get: (id: string) => ['mdfe', 'get', id] as const,
  carga: (cargaId: string) => ['mdfe', 'carga', cargaId] as const,
  configuracao: ['mdfe', 'configuracao'] as const,
};
