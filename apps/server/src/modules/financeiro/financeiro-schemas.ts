import { dataObrigatoria, dinheiroPositivo } from '@erp/shared';
import { z } from 'zod';

// Request bodies the shared package has no schema for, built from its field builders.

/** POST /condicoes-pagamento/:id/previa: a total and the base date (emission or invoice). */
export const previaParcelasSchema = z.object({
  valor: dinheiroPositivo('Valor'),
  data_base: dataObrigatoria('Data base'),
});
