// The stop sequence of a load sorted "por região, cidade e CEP": região de entrega by name, then
// the customer's municipality, then the CEP (digits), then the order number — pt-BR collation,
// accents and case ignored, missing values last. Stable and pure: the screen previews it, the
// server stores the order it is sent.

export type ParadaOrdenavel = {
  pedido_id: string;
  numero: number;
  regiao_nome: string | null;
  cidade: string | null;
  cep: string | null;
};

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

function compara(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null || a === '') return 1;
  if (b === null || b === '') return -1;
  return collator.compare(a, b);
}

const digitos = (cep: string | null) => (cep ? cep.replace(/\D/g, '') : null) || null;

export function ordenaParadas<T extends ParadaOrdenavel>(paradas: readonly T[]): T[] {
  return [...paradas].sort(
    (a, b) =>
      compara(a.regiao_nome, b.regiao_nome) ||
      compara(a.cidade, b.cidade) ||
      compara(digitos(a.cep), digitos(b.cep)) ||
      a.numero - b.numero,
  );
}
