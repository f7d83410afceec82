import { isValidCpf } from '../documentos.ts';
import { isValidRntrc } from '../frota/veiculos.schema.ts';

// What stops "Emitir MDF-e": every missing piece at once, each with the pt-BR sentence the screen
// shows and where to fix it (`onde`), so the screen links to the record. Nothing is written while
// this list is not empty. Plain objects in, so the server builds them from its rows and the web can
// call it too.

export type OndePendenciaMdfe =
  | { tipo: 'carga'; id: string }
  | { tipo: 'veiculo'; id: string }
  | { tipo: 'funcionario'; id: string }
  | { tipo: 'cliente'; id: string }
  | { tipo: 'certificado' }
  | { tipo: 'configuracao' };

export type PendenciaMdfe = { mensagem: string; onde: OndePendenciaMdfe };

export type EntradaPendenciasMdfe = {
  carga: { id: string };
  empresa: {
    /** Emitter CNPJ as stored (null when the fiscal settings were never filled). */
    cnpj: string | null;
    /** IBGE code of the emitter's município (the município de carregamento). */
    codigoMunicipio: string | null;
    /** The A1 certificate's end of validity (null: no certificate). */
    certificadoValidoAte: Date | string | null;
  };
  /** The load's vehicle (null: none chosen). */
  veiculo: {
    id: string;
    placa: string;
    renavam: string | null;
    /** kg (0 or null = missing). */
    taraKg: number | null;
    capacidadeKg: number | null;
    uf: string | null;
    /** false: third party (proprietário + RNTRC needed in rodo/veicTracao/prop). */
    proprio: boolean;
    rntrc: string | null;
    proprietarioNome: string | null;
    /** CPF or CNPJ of the third-party owner. */
    proprietarioDocumento: string | null;
  } | null;
  /** The load's driver(s) (empty: none). */
  motoristas: readonly { id: string; nome: string; cpf: string | null }[];
  /** The load's authorised notes with their customer. */
  notas: readonly {
    chave: string;
    cliente: { id: string; nome: string; codigoMunicipio: string | null };
  }[];
  /** Defaults to now. */
  agora?: Date;
};

export const pendenciaMdfeMensagens = {
  semVeiculo: 'A carga não tem veículo: escolha o veículo da carga.',
  semMotorista: 'A carga não tem motorista: escolha o motorista da carga.',
  motoristaSemCpf: (nome: string) => `O motorista ${nome} não tem CPF válido no cadastro.`,
  veiculoSemRenavam: (placa: string) => `O veículo ${placa} não tem RENAVAM no cadastro.`,
  veiculoSemTara: (placa: string) => `O veículo ${placa} não tem a tara (kg) no cadastro.`,
  veiculoSemCapacidade: (placa: string) =>
    `O veículo ${placa} não tem a capacidade de carga (kg) no cadastro.`,
  veiculoSemUf: (placa: string) => `O veículo ${placa} não tem a UF de licenciamento no cadastro.`,
  terceiroSemRntrc: (placa: string) => `O veículo ${placa} é de terceiro e não tem o RNTRC do proprietário.`,
  terceiroSemProprietario: (placa: string) =>
    `O veículo ${placa} é de terceiro e não tem o nome e o CPF/CNPJ do proprietário.`,
  clienteSemMunicipio: (nome: string) =>
    `O cliente ${nome} não tem o código IBGE do município no endereço (município de descarregamento).`,
  semNotas: 'A carga não tem notas autorizadas: fature a carga antes de emitir o MDF-e.',
  semCertificado: 'A empresa não tem certificado digital A1 instalado.',
  certificadoVencido: 'O certificado digital A1 da empresa está vencido.',
  semCnpj: 'Os dados fiscais da empresa (CNPJ do emitente) não foram preenchidos.',
  semMunicipioEmpresa:
    'O endereço fiscal da empresa não tem o código IBGE do município (município de carregamento).',
  cnpjAlfanumerico:
    'O leiaute do MDF-e 3.00 (PL_MDFe_300a) ainda não aceita CNPJ alfanumérico na chave de acesso.',
} as const;

const m = pendenciaMdfeMensagens;
const cpfValido = (cpf: string | null) => !!cpf && isValidCpf(cpf);
const documentoValido = (doc: string | null) => (doc ?? '').replace(/[^0-9A-Za-z]/g, '').length >= 11;

/** Every missing piece, in the screen's order: company, certificate, vehicle, drivers, notes. */
export function pendenciasMdfe(e: EntradaPendenciasMdfe): PendenciaMdfe[] {
  const p: PendenciaMdfe[] = [];
  const add = (mensagem: string, onde: OndePendenciaMdfe) => p.push({ mensagem, onde });
  const cnpj = (e.empresa.cnpj ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (!cnpj) add(m.semCnpj, { tipo: 'configuracao' });
  else if (/[A-Z]/.test(cnpj)) add(m.cnpjAlfanumerico, { tipo: 'configuracao' });
  if (!/^\d{7}$/.test(e.empresa.codigoMunicipio ?? '')) add(m.semMunicipioEmpresa, { tipo: 'configuracao' });
  if (!e.empresa.certificadoValidoAte) add(m.semCertificado, { tipo: 'certificado' });
  else if (new Date(e.empresa.certificadoValidoAte).getTime() <= (e.agora ?? new Date()).getTime())
    add(m.certificadoVencido, { tipo: 'certificado' });

  const v = e.veiculo;
  if (!v) add(m.semVeiculo, { tipo: 'carga', id: e.carga.id });
  else {
    const onde = { tipo: 'veiculo', id: v.id } as const;
    if (!v.renavam?.trim()) add(m.veiculoSemRenavam(v.placa), onde);
    if (!v.taraKg || v.taraKg <= 0) add(m.veiculoSemTara(v.placa), onde);
    if (!v.capacidadeKg || v.capacidadeKg <= 0) add(m.veiculoSemCapacidade(v.placa), onde);
    if (!v.uf?.trim()) add(m.veiculoSemUf(v.placa), onde);
    if (!v.proprio) {
      if (!isValidRntrc(v.rntrc)) add(m.terceiroSemRntrc(v.placa), onde);
      if (!v.proprietarioNome?.trim() || !documentoValido(v.proprietarioDocumento))
        add(m.terceiroSemProprietario(v.placa), onde);
    }
  }

  if (e.motoristas.length === 0) add(m.semMotorista, { tipo: 'carga', id: e.carga.id });
  for (const mot of e.motoristas)
    if (!cpfValido(mot.cpf)) add(m.motoristaSemCpf(mot.nome), { tipo: 'funcionario', id: mot.id });

  if (e.notas.length === 0) add(m.semNotas, { tipo: 'carga', id: e.carga.id });
  const clientes = new Set<string>();
  for (const n of e.notas) {
    if (clientes.has(n.cliente.id)) continue;
    clientes.add(n.cliente.id);
    if (!/^\d{7}$/.test(n.cliente.codigoMunicipio ?? ''))
      add(m.clienteSemMunicipio(n.cliente.nome), { tipo: 'cliente', id: n.cliente.id });
  }
  return p;
}
