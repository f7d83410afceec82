// Stock locations. Stock in an avaria/quarentena location is never available for sale: FEFO and
// reservations skip it, and it cannot be a default location for saídas.

export const TIPOS_LOCAL = ['deposito', 'separacao', 'avaria'] as const;
export type TipoLocal = (typeof TIPOS_LOCAL)[number];

export const tipoLocalLabels: Record<TipoLocal, string> = {
  deposito: 'Depósito',
  separacao: 'Separação',
  avaria: 'Avaria / quarentena',
};

/** True when stock in a location of this type may be sold or reserved. */
export function isLocalVendavel(tipo: TipoLocal): boolean {
  return tipo !== 'avaria';
}
