import {
  INDICADORES_IE,
  indicadorIeLabels,
  maskCep,
  maskDocumento,
  maskTelefone,
  TIPOS_PESSOA,
  tipoPessoaLabels,
  UFS,
} from '@erp/shared';
import { useFormContext, useWatch } from 'react-hook-form';
import { FieldGroup, MaskedField, SelectField, TextField } from '@/components/forms/fields.tsx';
import { MunicipioPicker } from '@/components/forms/municipio-picker.tsx';

/** Identity, tax, contact and address fields shared by the customer and supplier forms. */
export function PessoaFields() {
  const { control, setValue, clearErrors } = useFormContext();
  const tipo = (useWatch({ control, name: 'tipo_pessoa' }) as 'F' | 'J') ?? 'J';
  return (
    <>
      <FieldGroup title="Identificação">
        <SelectField
          name="tipo_pessoa"
          label="Tipo de pessoa"
          required
          options={TIPOS_PESSOA.map((t) => ({ value: t, label: tipoPessoaLabels[t] }))}
          // a CPF is no CNPJ: switching the type starts the document over
          onValueChange={() => {
            setValue('documento', '', { shouldDirty: true });
            clearErrors('documento');
          }}
        />
        <MaskedField
          name="documento"
          label={tipo === 'F' ? 'CPF' : 'CNPJ'}
          required
          mask={(v) => maskDocumento(v, tipo)}
          inputMode={tipo === 'F' ? 'numeric' : 'text'}
          placeholder={tipo === 'F' ? '000.000.000-00' : '00.000.000/0000-00'}
        />
        <TextField
          name="razao_social"
          label={tipo === 'F' ? 'Nome' : 'Razão social'}
          required
          className="sm:col-span-2"
          maxLength={150}
        />
        <TextField name="nome_fantasia" label="Nome fantasia" className="sm:col-span-2" maxLength={150} />
        <SelectField
          name="indicador_ie"
          label="Indicador de IE (NF-e)"
          options={INDICADORES_IE.map((i) => ({ value: i, label: indicadorIeLabels[i] }))}
        />
        <TextField
          name="inscricao_estadual"
          label="Inscrição estadual"
          hint='Número da UF do endereço ou "ISENTO"'
          maxLength={20}
        />
      </FieldGroup>
      <FieldGroup title="Contato">
        <TextField name="email" label="E-mail" type="email" maxLength={255} className="sm:col-span-2" />
        <TextField
          name="email_nfe"
          label="E-mail para NF-e"
          type="email"
          maxLength={255}
          className="sm:col-span-2"
        />
        <MaskedField
          name="telefone"
          label="Telefone"
          mask={maskTelefone}
          inputMode="tel"
          placeholder="(00) 0000-0000"
        />
        <MaskedField
          name="celular"
          label="Celular"
          mask={maskTelefone}
          inputMode="tel"
          placeholder="(00) 00000-0000"
        />
      </FieldGroup>
      <FieldGroup title="Endereço">
        <MaskedField name="cep" label="CEP" mask={maskCep} inputMode="numeric" placeholder="00000-000" />
        <TextField name="logradouro" label="Logradouro" className="sm:col-span-2" maxLength={150} />
        <TextField name="numero" label="Número" maxLength={20} />
        <TextField name="complemento" label="Complemento" maxLength={100} />
        <TextField name="bairro" label="Bairro" maxLength={100} />
        <MunicipioPicker />
        <SelectField name="uf" label="UF" emptyLabel="—" options={UFS.map((u) => ({ value: u, label: u }))} />
      </FieldGroup>
    </>
  );
}

type PessoaLike = {
  tipo_pessoa: 'F' | 'J';
  documento: string;
  razao_social: string;
  nome_fantasia: string | null;
  inscricao_estadual: string | null;
  indicador_ie: '1' | '2' | '9';
  email: string | null;
  email_nfe: string | null;
  telefone: string | null;
  celular: string | null;
  cep: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  municipio: string | null;
  codigo_municipio: string | null;
  uf: string | null;
  observacoes: string | null;
  ativo: boolean;
  versao: number;
};

/** Form values of the shared fields: a stored record formatted for the inputs, or empty defaults. */
export function pessoaValues(row: PessoaLike | null) {
  const t = (v: string | null | undefined) => v ?? '';
  return {
    tipo_pessoa: row?.tipo_pessoa ?? 'J',
    documento: row ? maskDocumento(row.documento, row.tipo_pessoa) : '',
    razao_social: t(row?.razao_social),
    nome_fantasia: t(row?.nome_fantasia),
    inscricao_estadual: t(row?.inscricao_estadual),
    indicador_ie: row?.indicador_ie ?? '9',
    email: t(row?.email),
    email_nfe: t(row?.email_nfe),
    telefone: maskTelefone(t(row?.telefone)),
    celular: maskTelefone(t(row?.celular)),
    cep: maskCep(t(row?.cep)),
    logradouro: t(row?.logradouro),
    numero: t(row?.numero),
    complemento: t(row?.complemento),
    bairro: t(row?.bairro),
    municipio: t(row?.municipio),
    codigo_municipio: t(row?.codigo_municipio),
    uf: t(row?.uf),
    observacoes: t(row?.observacoes),
    ativo: row?.ativo ?? true,
    ...(row ? { versao: row.versao } : {}),
  };
}
