import {
  CODIGOS_COM_ST,
  CODIGOS_ICMS_PROPRIO,
  CODIGOS_REDUCAO,
  CODIGOS_ST_OPCIONAL,
  CRTS,
  type Crt,
  CSOSNS,
  CSOSNS_CREDITO,
  CSTS_IBS_CBS,
  CSTS_IBS_CBS_SEM_VALOR,
  CSTS_ICMS,
  CSTS_IPI_ENTRADA,
  CSTS_IPI_SAIDA,
  CSTS_IPI_TRIBUTADOS,
  CSTS_PIS_COFINS_ENTRADA,
  CSTS_PIS_COFINS_NT,
  CSTS_PIS_COFINS_SAIDA,
  crtLabels,
  csosnLabels,
  cstIbsCbsLabels,
  cstIcmsLabels,
  cstIpiLabels,
  cstPisCofinsLabels,
  DESTINOS_ESCOPO,
  type DestinoRegra,
  destinoLabels,
  OPERACOES_FISCAIS,
  type OperacaoFiscal,
  operacaoFiscalLabels,
  regraInterestadual,
  regraTributacaoSchema,
  regraTributacaoUpdateSchema,
  SENTIDOS_DA_OPERACAO,
  type SentidoNf,
  sentidoNfLabels,
  TIPOS_DESTINATARIO,
  tipoDestinatarioLabels,
  UFS,
  type Uf,
  usaCsosn,
} from '@erp/shared';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import {
  DecimalField,
  decimalText,
  FieldGroup,
  SelectField,
  SwitchField,
  TextField,
  useFieldError,
} from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import { useRecordForm } from '@/components/forms/use-record-form.ts';
import { FormField } from '@/components/ui/form-field.tsx';
import { ProdutoBusca } from '@/modules/estoque/components/pickers.tsx';
import { type RegraLinha, regrasApi, tributacaoKeys } from '../api/tributacao-api.ts';

// The rule form, in sections: Correspondência (what the rule matches), CFOP, ICMS, ICMS-ST, DIFAL,
// IPI, PIS/COFINS and IBS/CBS. Only the fields the chosen codes use are shown (the shared schema
// clears the others on save); an empty rate is "automático" (the engine's reference data). Field
// errors come from the shared schema, on the client and from the server.

const opcoes = <T extends string>(valores: readonly T[], labels: Record<T, string>) =>
  valores.map((v) => ({ value: v, label: labels[v] }));

const pct = (v: string | null | undefined) =>
  v === null || v === undefined ? '' : decimalText(v, 'percent');

function toValues(row: RegraLinha | null) {
  return {
    descricao: row?.descricao ?? '',
    ativa: row?.ativa ?? true,
    operacao: row?.operacao ?? 'venda',
    sentido: row?.sentido ?? 'saida',
    crt: row?.crt ?? '3',
    produto_id: row?.produto_id ?? '',
    // the picker's label for the rule's product (not sent: the schema keeps produto_id only)
    produto_escolhido: row?.produto_id
      ? { id: row.produto_id, codigo: row.produto_codigo ?? '', nome: row.produto_nome ?? '' }
      : null,
    ncm_prefixo: row?.ncm_prefixo ?? '',
    uf_origem: row?.uf_origem ?? '',
    destino: row?.destino ?? '',
    tipo_destinatario: row?.tipo_destinatario ?? '',
    cfop: row?.cfop ?? '',
    cst_icms: row ? (row.cst_icms ?? '') : '00',
    csosn: row?.csosn ?? '',
    p_icms: pct(row?.p_icms),
    p_red_bc: pct(row?.p_red_bc),
    p_fcp: pct(row?.p_fcp),
    p_cred_sn: pct(row?.p_cred_sn),
    p_mva_st: pct(row?.p_mva_st),
    ajusta_mva: row?.ajusta_mva ?? true,
    p_icms_st: pct(row?.p_icms_st),
    p_red_bc_st: pct(row?.p_red_bc_st),
    p_fcp_st: pct(row?.p_fcp_st),
    p_icms_uf_dest: pct(row?.p_icms_uf_dest),
    p_fcp_uf_dest: pct(row?.p_fcp_uf_dest),
    cst_ipi: row?.cst_ipi ?? '',
    c_enq: row?.c_enq ?? '999',
    p_ipi: pct(row?.p_ipi),
    cst_pis: row?.cst_pis ?? '01',
    p_pis: pct(row?.p_pis),
    cst_cofins: row?.cst_cofins ?? '01',
    p_cofins: pct(row?.p_cofins),
    cst_ibs_cbs: row ? (row.cst_ibs_cbs ?? '') : '000',
    c_class_trib: row ? (row.c_class_trib ?? '') : '000001',
    p_ibs_uf: pct(row?.p_ibs_uf),
    p_ibs_mun: pct(row?.p_ibs_mun),
    p_cbs: pct(row?.p_cbs),
    p_red_aliq: pct(row?.p_red_aliq),
    ...(row ? { versao: row.versao } : {}),
  };
}

export function RegraForm({ id, onClose }: { id: string | null; onClose(savedId?: string): void }) {
  const form = useRecordForm({ queryKey: tributacaoKeys.regras, id, api: regrasApi as never, toValues });
  return (
    <RegisterFormDialog
      title={id ? 'Editar regra de tributação' : 'Nova regra de tributação'}
      description="A regra mais específica vence: produto, depois o prefixo de NCM mais longo; destino por UF, depois interna/interestadual. Alíquota vazia é automática (tabela de alíquotas da UF, do Senado e federais)."
      schema={id ? regraTributacaoUpdateSchema : regraTributacaoSchema}
      record={form}
      onClose={onClose}
      successMessage={id ? 'Regra atualizada com sucesso!' : 'Regra cadastrada com sucesso!'}
      size="xl"
    >
      <Correspondencia />
      <FieldGroup title="CFOP">
        <TextField
          name="cfop"
          label="CFOP"
          required
          inputMode="numeric"
          maxLength={5}
          autoComplete="off"
          hint="5 dentro do estado, 6 entre estados (saídas); numa regra para qualquer destino, o primeiro dígito segue a operação"
          className="sm:col-span-2 lg:col-span-4"
        />
      </FieldGroup>
      <Icms />
      <IcmsSt />
      <Difal />
      <Ipi />
      <PisCofins />
      <IbsCbs />
    </RegisterFormDialog>
  );
}

type ProdutoEscolhido = { id: string; codigo: string; nome: string };

function useCampos<T extends string>(nomes: readonly T[]): Record<T, string> {
  const { control } = useFormContext();
  const valores = useWatch({ control, name: nomes as unknown as string[] }) as unknown[];
  return Object.fromEntries(nomes.map((n, i) => [n, String(valores[i] ?? '')])) as Record<T, string>;
}

function Correspondencia() {
  const { setValue, getValues } = useFormContext();
  // a rule that becomes interstate loses its ICMS rate (the Senate's applies; the field hides)
  const limpaAliquotaEntreEstados = (destino: string, ufOrigem: string) => {
    const inter = regraInterestadual({
      destino: (destino || null) as DestinoRegra | null,
      uf_origem: (ufOrigem || null) as Uf | null,
    });
    if (inter === true) setValue('p_icms', '', { shouldDirty: true });
  };
  const v = useCampos(['operacao'] as const);
  const sentidos = SENTIDOS_DA_OPERACAO[v.operacao as OperacaoFiscal] ?? ['saida'];
  return (
    <FieldGroup title="Correspondência">
      <TextField
        name="descricao"
        label="Descrição"
        required
        maxLength={120}
        className="sm:col-span-2 lg:col-span-3"
      />
      <SwitchField name="ativa" label="Ativa" />
      <SelectField
        name="operacao"
        label="Operação"
        required
        options={opcoes(OPERACOES_FISCAIS, operacaoFiscalLabels)}
        onValueChange={(op) => {
          // a sale or a bonus only leaves
          const permitidos = SENTIDOS_DA_OPERACAO[op as OperacaoFiscal] ?? ['saida'];
          setValue('sentido', permitidos[0] as SentidoNf, { shouldDirty: true });
        }}
      />
      {sentidos.length > 1 ? (
        <SelectField name="sentido" label="Sentido" required options={opcoes(sentidos, sentidoNfLabels)} />
      ) : null}
      <SelectField
        name="crt"
        label="Regime da empresa (CRT)"
        required
        className={sentidos.length > 1 ? 'lg:col-span-2' : 'sm:col-span-2 lg:col-span-3'}
        options={opcoes(CRTS, crtLabels)}
        onValueChange={(crt) => {
          // CRT 1 and 4 describe ICMS by CSOSN, 2 and 3 by CST
          if (usaCsosn(crt as Crt)) setValue('cst_icms', '', { shouldDirty: true });
          else setValue('csosn', '', { shouldDirty: true });
        }}
      />
      <TextField
        name="ncm_prefixo"
        label="Prefixo de NCM"
        inputMode="numeric"
        maxLength={10}
        autoComplete="off"
        hint="2 a 8 dígitos: 2202 vale para todo NCM que começa com 2202. Sem NCM nem produto: qualquer produto"
        className="sm:col-span-2"
      />
      <ProdutoCampo />
      <SelectField
        name="uf_origem"
        label="UF de origem"
        onValueChange={(uf) => limpaAliquotaEntreEstados(getValues('destino'), uf)}
        emptyLabel="Qualquer"
        options={UFS.map((u) => ({ value: u, label: u }))}
      />
      <SelectField
        name="destino"
        label="Destino"
        onValueChange={(destino) => limpaAliquotaEntreEstados(destino, getValues('uf_origem'))}
        emptyLabel="Qualquer"
        options={[...opcoes(DESTINOS_ESCOPO, destinoLabels), ...UFS.map((u) => ({ value: u, label: u }))]}
      />
      <SelectField
        name="tipo_destinatario"
        label="Tipo de destinatário"
        emptyLabel="Qualquer"
        className="sm:col-span-2"
        options={opcoes(TIPOS_DESTINATARIO, tipoDestinatarioLabels)}
      />
    </FieldGroup>
  );
}

/** The product of a product's rule, searched by code, name or GTIN. */
function ProdutoCampo() {
  const { control, getValues } = useFormContext();
  const error = useFieldError('produto_id');
  const [produto, setProduto] = useState<ProdutoEscolhido | null>(
    () => getValues('produto_escolhido') as ProdutoEscolhido | null,
  );
  return (
    <Controller
      name="produto_id"
      control={control}
      render={({ field }) => (
        <FormField
          label="Ou um produto"
          error={error}
          className="sm:col-span-2"
          hint="A regra de um produto vence as de NCM"
        >
          <ProdutoBusca
            ref={field.ref}
            name={field.name}
            value={produto}
            onPick={(p) => {
              setProduto(p);
              field.onChange(p?.id ?? '');
            }}
          />
        </FormField>
      )}
    />
  );
}

function Icms() {
  const v = useCampos(['crt', 'cst_icms', 'csosn', 'destino', 'uf_origem'] as const);
  const simples = usaCsosn(v.crt as Crt);
  const codigo = simples ? v.csosn : v.cst_icms;
  const proprio = CODIGOS_ICMS_PROPRIO.includes(codigo);
  // between states the Senate's rate always applies: no rate to type
  const interestadual =
    regraInterestadual({
      destino: (v.destino || null) as DestinoRegra | null,
      uf_origem: (v.uf_origem || null) as Uf | null,
    }) === true;
  return (
    <FieldGroup title="ICMS">
      {simples ? (
        <SelectField
          name="csosn"
          label="CSOSN"
          required
          emptyLabel="Selecione"
          className="sm:col-span-2 lg:col-span-4"
          options={opcoes(CSOSNS, csosnLabels)}
        />
      ) : (
        <SelectField
          name="cst_icms"
          label="CST do ICMS"
          required
          emptyLabel="Selecione"
          className="sm:col-span-2 lg:col-span-4"
          options={opcoes(CSTS_ICMS, cstIcmsLabels)}
        />
      )}
      {proprio && !interestadual ? (
        <DecimalField
          name="p_icms"
          label="Alíquota do ICMS"
          kind="percent"
          hint="Vazia: a interna da UF de origem; numa regra para qualquer destino, entre estados vale a do Senado"
        />
      ) : null}
      {proprio && interestadual ? (
        <p className="self-center text-sm text-muted-foreground sm:col-span-2">
          Alíquota do ICMS: a da Resolução do Senado (4, 7 ou 12 %), pela origem da mercadoria e pelas UFs.
        </p>
      ) : null}
      {CODIGOS_REDUCAO.includes(codigo) ? (
        <DecimalField
          name="p_red_bc"
          label="Redução da base de cálculo"
          kind="percent"
          required={codigo === '20' || codigo === '70'}
        />
      ) : null}
      {proprio ? (
        <DecimalField
          name="p_fcp"
          label="FCP"
          kind="percent"
          hint="Vazio: o FCP geral da UF (operação interna)"
        />
      ) : null}
      {CSOSNS_CREDITO.includes(codigo) ? (
        <DecimalField
          name="p_cred_sn"
          label="Alíquota do crédito do Simples Nacional"
          kind="percent"
          required={codigo !== '900'}
        />
      ) : null}
      {!proprio && codigo ? (
        <p className="text-sm text-muted-foreground sm:col-span-2 lg:col-span-4">
          Este código não destaca ICMS próprio na nota.
        </p>
      ) : null}
    </FieldGroup>
  );
}

function IcmsSt() {
  const v = useCampos(['crt', 'cst_icms', 'csosn'] as const);
  const simples = usaCsosn(v.crt as Crt);
  const codigo = simples ? v.csosn : v.cst_icms;
  const sempre = CODIGOS_COM_ST.includes(codigo);
  if (!sempre && !CODIGOS_ST_OPCIONAL.includes(codigo)) return null;
  return (
    <FieldGroup title="ICMS-ST">
      <DecimalField
        name="p_mva_st"
        label="MVA original"
        kind="percent"
        required={sempre}
        hint={sempre ? undefined : 'Informe para cobrar ICMS-ST com este código'}
      />
      <DecimalField
        name="p_icms_st"
        label="Alíquota interna do destino"
        kind="percent"
        hint="Vazia: a interna da UF de destino"
      />
      <DecimalField name="p_red_bc_st" label="Redução da base do ICMS-ST" kind="percent" />
      <DecimalField
        name="p_fcp_st"
        label="FCP-ST"
        kind="percent"
        hint="Vazio: o FCP geral da UF de destino"
      />
      {simples ? null : (
        <SwitchField
          name="ajusta_mva"
          label="Ajustar a MVA entre estados (MVA ajustada)"
          className="sm:col-span-2 lg:col-span-4"
        />
      )}
    </FieldGroup>
  );
}

function Difal() {
  const v = useCampos(['crt', 'cst_icms', 'destino', 'tipo_destinatario'] as const);
  const aplica =
    !usaCsosn(v.crt as Crt) &&
    CODIGOS_ICMS_PROPRIO.includes(v.cst_icms) &&
    v.destino !== 'interna' &&
    (v.tipo_destinatario === '' || v.tipo_destinatario === 'nao_contribuinte');
  if (!aplica) return null;
  return (
    <FieldGroup title="DIFAL (venda interestadual a não contribuinte)">
      <DecimalField
        name="p_icms_uf_dest"
        label="Alíquota interna da UF de destino"
        kind="percent"
        hint="Vazia: a da tabela da UF de destino"
      />
      <DecimalField
        name="p_fcp_uf_dest"
        label="FCP da UF de destino"
        kind="percent"
        hint="Vazio: o FCP geral da UF de destino"
      />
    </FieldGroup>
  );
}

function Ipi() {
  const v = useCampos(['sentido', 'cst_ipi'] as const);
  const csts = v.sentido === 'entrada' ? CSTS_IPI_ENTRADA : CSTS_IPI_SAIDA;
  return (
    <FieldGroup title="IPI">
      <SelectField
        name="cst_ipi"
        label="CST do IPI"
        emptyLabel="Sem IPI (a empresa não é contribuinte)"
        className="sm:col-span-2"
        options={opcoes(csts, cstIpiLabels)}
      />
      {v.cst_ipi ? (
        <TextField
          name="c_enq"
          label="Enquadramento"
          inputMode="numeric"
          maxLength={3}
          hint="999: tributação normal"
        />
      ) : null}
      {CSTS_IPI_TRIBUTADOS.includes(v.cst_ipi) ? (
        <DecimalField name="p_ipi" label="Alíquota do IPI" kind="percent" />
      ) : null}
    </FieldGroup>
  );
}

function PisCofins() {
  const v = useCampos(['sentido', 'cst_pis', 'cst_cofins'] as const);
  const csts =
    v.sentido === 'entrada' ? CSTS_PIS_COFINS_ENTRADA : CSTS_PIS_COFINS_SAIDA.filter((c) => c !== '99');
  const hint = 'Vazia: a do regime da empresa (CST 01 e 50 a 56) ou zero';
  return (
    <FieldGroup title="PIS/COFINS">
      <SelectField
        name="cst_pis"
        label="CST do PIS"
        required
        className="sm:col-span-2 lg:col-span-3"
        options={opcoes(csts, cstPisCofinsLabels)}
      />
      {CSTS_PIS_COFINS_NT.includes(v.cst_pis) ? (
        <div className="hidden lg:block" />
      ) : (
        <DecimalField name="p_pis" label="Alíquota do PIS" kind="percent" hint={hint} />
      )}
      <SelectField
        name="cst_cofins"
        label="CST da COFINS"
        required
        className="sm:col-span-2 lg:col-span-3"
        options={opcoes(csts, cstPisCofinsLabels)}
      />
      {CSTS_PIS_COFINS_NT.includes(v.cst_cofins) ? null : (
        <DecimalField name="p_cofins" label="Alíquota da COFINS" kind="percent" hint={hint} />
      )}
    </FieldGroup>
  );
}

function IbsCbs() {
  const v = useCampos(['cst_ibs_cbs'] as const);
  const comValor = v.cst_ibs_cbs !== '' && !CSTS_IBS_CBS_SEM_VALOR.includes(v.cst_ibs_cbs);
  const hint = 'Vazia: a de 2026 (IBS estadual 0,1 %, municipal 0 %, CBS 0,9 %)';
  return (
    <FieldGroup title="IBS/CBS (reforma tributária)">
      <SelectField
        name="cst_ibs_cbs"
        label="CST do IBS/CBS"
        emptyLabel="Sem IBS/CBS"
        className="sm:col-span-2"
        options={opcoes(CSTS_IBS_CBS, cstIbsCbsLabels)}
      />
      {v.cst_ibs_cbs ? (
        <TextField
          name="c_class_trib"
          label="Classificação tributária (cClassTrib)"
          required
          inputMode="numeric"
          maxLength={6}
          className="sm:col-span-2"
          hint="6 dígitos, começando pelo CST (000001: tributação integral)"
        />
      ) : null}
      {comValor ? (
        <>
          <DecimalField name="p_ibs_uf" label="IBS estadual" kind="percent" hint={hint} />
          <DecimalField name="p_ibs_mun" label="IBS municipal" kind="percent" />
          <DecimalField name="p_cbs" label="CBS" kind="percent" />
        </>
      ) : null}
      {v.cst_ibs_cbs === '200' ? (
        <DecimalField name="p_red_aliq" label="Redução das alíquotas" kind="percent" required />
      ) : null}
    </FieldGroup>
  );
}
