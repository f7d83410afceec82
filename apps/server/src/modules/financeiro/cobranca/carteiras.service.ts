import {
  type CampoCobranca,
  type CarteiraCobranca,
  type CarteiraCobrancaDados,
  type CarteiraCobrancaRow,
  cobrancaMensagens,
  type ErroCampoCobranca,
  LAYOUTS_REMESSA,
  type LayoutCnab,
  layoutCnabLabels,
  regrasCobranca,
  validarCarteira,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../../db/client.ts';
import { type Actor, writeTx } from '../../../lib/audit-context.ts';
import { AppError, type FieldErrors } from '../../../lib/errors.ts';

// The carteira de cobrança of a bank account (issue 31): the bank's fields as typed, checked by the
// bank's rules in packages/shared/src/cobranca (DVs, sizes, values), the layout, the next nosso
// número and NSA (never back below what was used), and the default instructions of its boletos.

/** The shared rules' field names → the API's (snake_case). */
const CAMPO_API: Partial<Record<CampoCobranca, string>> = {
  agencia: 'agencia',
  agenciaDv: 'agencia_dv',
  conta: 'conta',
  contaDv: 'conta_dv',
  carteira: 'carteira',
  variacao: 'variacao',
  convenio: 'convenio',
  posto: 'posto',
};

export type CarteiraDb = {
  id: string;
  conta_bancaria_id: string;
  conta_nome: string;
  banco: string;
  agencia: string;
  agencia_dv: string;
  conta: string;
  conta_dv: string;
  carteira: string;
  variacao: string;
  convenio: string;
  posto: string;
  codigo_transmissao: string;
  layout: LayoutCnab;
  proximo_nosso_numero: string;
  proximo_nsa: number;
  multa_percentual: string;
  juros_mes_percentual: string;
  desconto_percentual: string;
  dias_protesto: number | null;
  dias_baixa: number | null;
  mensagens: string[];
  ativa: boolean;
  padrao: boolean;
  classe_tarifa_id: string | null;
  versao: number;
};

export const carteiraDaLinha = (c: CarteiraDb): CarteiraCobranca => ({
  banco: c.banco,
  agencia: c.agencia,
  agenciaDv: c.agencia_dv,
  conta: c.conta,
  contaDv: c.conta_dv,
  carteira: c.carteira,
  variacao: c.variacao,
  convenio: c.convenio,
  posto: c.posto,
});

const COLUNAS = sql`k.id, k.conta_bancaria_id, cb.nome as conta_nome, k.banco, k.agencia, k.agencia_dv,
  k.conta, k.conta_dv, k.carteira, k.variacao, k.convenio, k.posto, k.codigo_transmissao, k.layout,
  k.proximo_nosso_numero::text, k.proximo_nsa, k.multa_percentual::text, k.juros_mes_percentual::text,
  k.desconto_percentual::text, k.dias_protesto, k.dias_baixa, k.mensagens, k.ativa, k.padrao, k.classe_tarifa_id, k.versao`;

/** The carteira of an account (null when it has none); `bloquear` takes the row's lock (the
 * sequences are taken under it). */
export async function carteiraDaConta(
  db: Db | Tx,
  contaId: string,
  bloquear = false,
): Promise<CarteiraDb | null> {
  const [c] = rowsOf<CarteiraDb>(
    await db.execute(sql`select ${COLUNAS} from carteiras_cobranca k
      join contas_bancarias cb on cb.id = k.conta_bancaria_id
      where k.conta_bancaria_id = ${contaId} ${bloquear ? sql`for update of k` : sql``}`),
  );
  return c ?? null;
}

export async function carteiraPorId(db: Db | Tx, id: string, bloquear = false): Promise<CarteiraDb> {
  const [c] = rowsOf<CarteiraDb>(
    await db.execute(sql`select ${COLUNAS} from carteiras_cobranca k
      join contas_bancarias cb on cb.id = k.conta_bancaria_id
      where k.id = ${id} ${bloquear ? sql`for update of k` : sql``}`),
  );
  if (!c) throw new AppError('not_found', 'Carteira de cobrança não encontrada');
  return c;
}

/** The boleto's "Agência / Código do beneficiário" box, as the bank prints it. */
export function agenciaCodigoBeneficiario(c: CarteiraDb): string {
  const regras = regrasCobranca(c.banco);
  const { carteira } = validarCarteira(carteiraDaLinha(c));
  return regras && carteira ? regras.agenciaCodigoBeneficiario(carteira) : c.agencia;
}

function linhaDaApi(c: CarteiraDb): CarteiraCobrancaRow {
  return {
    id: c.id,
    conta_bancaria_id: c.conta_bancaria_id,
    banco: c.banco,
    agencia: c.agencia,
    agencia_dv: c.agencia_dv,
    conta: c.conta,
    conta_dv: c.conta_dv,
    carteira: c.carteira,
    variacao: c.variacao,
    convenio: c.convenio,
    posto: c.posto,
    codigo_transmissao: c.codigo_transmissao,
    layout: c.layout,
    proximo_nosso_numero: Number(c.proximo_nosso_numero),
    proximo_nsa: c.proximo_nsa,
    ultimo_nosso_numero: Number(c.proximo_nosso_numero) - 1,
    ultimo_nsa: c.proximo_nsa - 1,
    multa_percentual: c.multa_percentual,
    juros_mes_percentual: c.juros_mes_percentual,
    desconto_percentual: c.desconto_percentual,
    dias_protesto: c.dias_protesto,
    dias_baixa: c.dias_baixa,
    mensagens: c.mensagens,
    ativa: c.ativa,
    padrao: c.padrao,
    classe_tarifa_id: c.classe_tarifa_id,
    agencia_codigo_beneficiario: agenciaCodigoBeneficiario(c),
    versao: c.versao,
  };
}

type ContaBasica = { id: string; nome: string; banco_codigo: string | null };

async function contaBasica(db: Db | Tx, contaId: string): Promise<ContaBasica> {
  const [conta] = rowsOf<ContaBasica>(
    await db.execute(sql`select id, nome, banco_codigo from contas_bancarias where id = ${contaId}`),
  );
  if (!conta) throw new AppError('not_found', 'Conta bancária não encontrada');
  return conta;
}

/** The fields a bank asks for, as the form shows them. */
function camposDoBanco(codigo: string) {
  const regras = regrasCobranca(codigo);
  if (!regras) return null;
  const campos: Record<
    string,
    { rotulo: string; obrigatorio: boolean; tamanho: number; valores?: readonly string[]; ajuda?: string }
  > = {};
  for (const [k, r] of Object.entries(regras.campos)) {
    const api = CAMPO_API[k as CampoCobranca];
    if (api && r)
      campos[api] = {
        rotulo: r.rotulo,
        obrigatorio: r.obrigatorio,
        tamanho: r.tamanho,
        ...(r.valores ? { valores: r.valores } : {}),
        ...(r.ajuda ? { ajuda: r.ajuda } : {}),
      };
  }
  // Santander's código de transmissão only goes into the remessa's header.
  if (regras.codigo === '033')
    campos.codigo_transmissao = { rotulo: 'Código de transmissão', obrigatorio: true, tamanho: 20 };
  return {
    codigo: regras.codigo,
    nome: regras.nome,
    layouts: LAYOUTS_REMESSA[regras.codigo] ?? [],
    campos,
  };
}

/** GET /contas-bancarias/:id/cobranca */
export async function leCarteira(db: Db, contaId: string) {
  const conta = await contaBasica(db, contaId);
  const c = await carteiraDaConta(db, contaId);
  return {
    carteira: c ? linhaDaApi(c) : null,
    banco: conta.banco_codigo ? camposDoBanco(conta.banco_codigo) : null,
  };
}

function errosDeCampo(erros: ErroCampoCobranca[]): FieldErrors {
  const f: FieldErrors = {};
  for (const e of erros) {
    const k = CAMPO_API[e.campo] ?? e.campo;
    f[k] = [...(f[k] ?? []), e.mensagem];
  }
  return f;
}

/** PUT /contas-bancarias/:id/cobranca: creates or replaces the carteira (one per account). */
export async function salvaCarteira(
  db: Db,
  actor: Actor,
  contaId: string,
  input: CarteiraCobrancaDados & { versao?: number },
): Promise<CarteiraCobrancaRow> {
  return writeTx(db, actor, async (tx) => {
    const conta = await contaBasica(tx, contaId);
    const regras = regrasCobranca(conta.banco_codigo);
    if (!conta.banco_codigo) throw new AppError('unprocessable', cobrancaMensagens.contaSemBanco);
    if (!regras)
      throw new AppError(
        'unprocessable',
        `Banco ${conta.banco_codigo} sem cobrança registrada neste sistema.`,
      );
    const layouts = LAYOUTS_REMESSA[regras.codigo] ?? [];
    const erros: FieldErrors = {};
    if (!layouts.includes(input.layout))
      erros.layout = [
        `${layoutCnabLabels[input.layout]} não disponível para ${regras.nome} (disponível: ${layouts.map((l) => layoutCnabLabels[l]).join(', ')}).`,
      ];
    if (regras.codigo === '033' && !/^\d{1,20}$/.test(input.codigo_transmissao))
      erros.codigo_transmissao = ['Código de transmissão: obrigatório para o Santander (só números).'];
    const { carteira, erros: errosBanco } = validarCarteira({
      banco: regras.codigo,
      agencia: input.agencia,
      agenciaDv: input.agencia_dv,
      conta: input.conta,
      contaDv: input.conta_dv,
      carteira: input.carteira,
      variacao: input.variacao,
      convenio: input.convenio,
      posto: input.posto,
    });
    Object.assign(erros, errosDeCampo(errosBanco));
    if (input.classe_tarifa_id) {
      const [cl] = rowsOf<{ tipo: string }>(
        await tx.execute(sql`select tipo from classes_financeiras where id = ${input.classe_tarifa_id}`),
      );
      if (cl?.tipo !== 'despesa')
        erros.classe_tarifa_id = ['Escolha uma classe de despesa para as tarifas bancárias.'];
    }
    const atual = await carteiraDaConta(tx, contaId, true);
    if (atual) {
      if (input.versao !== undefined && input.versao !== atual.versao)
        throw new AppError(
          'conflict',
          'A carteira foi alterada por outra pessoa: recarregue e tente de novo.',
          { reason: 'versao' },
        );
      if (BigInt(input.proximo_nosso_numero) < BigInt(atual.proximo_nosso_numero))
        erros.proximo_nosso_numero = [
          cobrancaMensagens.nossoNumeroVoltou(String(BigInt(atual.proximo_nosso_numero) - 1n)),
        ];
      if (input.proximo_nsa < atual.proximo_nsa)
        erros.proximo_nsa = [cobrancaMensagens.nsaVoltou(atual.proximo_nsa - 1)];
      // Fields that compose nosso números already issued cannot change under them.
      const [{ n }] = rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from boletos where carteira_id = ${atual.id}`),
      ) as [{ n: number }];
      if (n > 0 && carteira)
        for (const k of ['agencia', 'conta', 'carteira', 'convenio', 'posto'] as const)
          if (carteira[k] !== atual[k] && (carteira[k] || atual[k]))
            erros[k] = [
              `Já há ${n} boleto(s) gerados nesta carteira: ${k === 'convenio' ? 'o convênio' : `a ${k}`} não pode mudar (crie outra conta para a nova carteira).`,
            ];
    }
    if (carteira && input.proximo_nosso_numero > Number(regras.maiorSequencial(carteira)))
      erros.proximo_nosso_numero = [
        `Próximo nosso número: no máximo ${regras.maiorSequencial(carteira)} nesta carteira.`,
      ];
    if (Object.keys(erros).length || !carteira)
      throw new AppError('validation_failed', 'Verifique os campos da cobrança registrada.', {
        fields: erros,
      });
    const valores = sql`${regras.codigo}, ${carteira.agencia}, ${carteira.agenciaDv}, ${carteira.conta},
      ${carteira.contaDv}, ${carteira.carteira}, ${carteira.variacao}, ${carteira.convenio}, ${carteira.posto},
      ${input.codigo_transmissao}, ${input.layout}, ${input.proximo_nosso_numero}, ${input.proximo_nsa},
      ${input.multa_percentual}, ${input.juros_mes_percentual}, ${input.desconto_percentual},
      ${input.dias_protesto}, ${input.dias_baixa}, array(select jsonb_array_elements_text(${JSON.stringify(input.mensagens)}::jsonb)), ${input.ativa}, ${input.classe_tarifa_id}, ${input.padrao}`;
    // one default carteira: marking this one unmarks the other
    if (input.padrao)
      await tx.execute(sql`update carteiras_cobranca set padrao = false
        where padrao and conta_bancaria_id <> ${contaId}`);
    if (atual)
      await tx.execute(sql`update carteiras_cobranca set (banco, agencia, agencia_dv, conta, conta_dv, carteira,
        variacao, convenio, posto, codigo_transmissao, layout, proximo_nosso_numero, proximo_nsa,
        multa_percentual, juros_mes_percentual, desconto_percentual, dias_protesto, dias_baixa, mensagens, ativa,
        classe_tarifa_id, padrao)
        = (${valores}), versao = versao + 1, updated_at = now() where id = ${atual.id}`);
    else
      await tx.execute(sql`insert into carteiras_cobranca (conta_bancaria_id, banco, agencia, agencia_dv, conta,
        conta_dv, carteira, variacao, convenio, posto, codigo_transmissao, layout, proximo_nosso_numero,
        proximo_nsa, multa_percentual, juros_mes_percentual, desconto_percentual, dias_protesto, dias_baixa,
        mensagens, ativa, classe_tarifa_id, padrao) values (${contaId}, ${valores})`);
    return linhaDaApi((await carteiraDaConta(tx, contaId)) as CarteiraDb);
  });
}

/** GET /cobranca/carteiras: the accounts with a carteira, with what waits for the next remessa. */
export async function listaCarteiras(db: Db) {
  return rowsOf<{
    conta_bancaria_id: string;
    conta_nome: string;
    banco: string;
    banco_nome: string;
    layout: LayoutCnab;
    ativa: boolean;
    pendentes: number;
    ultimo_nsa: number;
  }>(
    await db.execute(sql`select k.conta_bancaria_id, cb.nome as conta_nome, k.banco, k.layout,
      k.ativa, k.proximo_nsa - 1 as ultimo_nsa,
      (select count(*)::int from boleto_instrucoes i join boletos b on b.id = i.boleto_id
        where b.carteira_id = k.id and i.remessa_id is null) as pendentes
      from carteiras_cobranca k join contas_bancarias cb on cb.id = k.conta_bancaria_id
      order by lower(cb.nome)`),
  ).map((r) => ({ ...r, banco_nome: regrasCobranca(r.banco)?.nome ?? r.banco }));
}
