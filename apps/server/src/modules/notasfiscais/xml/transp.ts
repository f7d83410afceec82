import type { TranspNfe } from './tipos.ts';
import { dec, documento, el, elTexto, grupo, soDigitos } from './xml-texto.ts';

// Group transp (X01): modFrete, the carrier, the vehicle and the volumes with their weights.

export function transpXml(t: TranspNfe): string {
  const tr = t.transporta;
  const doc = documento(tr?.documento);
  const transporta = tr
    ? grupo(
        'transporta',
        [
          doc.length === 14 ? el('CNPJ', doc) : doc.length === 11 ? el('CPF', doc) : '',
          elTexto('xNome', tr.xNome, 60),
          soDigitos(tr.IE) ? el('IE', soDigitos(tr.IE)) : '',
          elTexto('xEnder', tr.xEnder, 60),
          elTexto('xMun', tr.xMun, 60),
          tr.UF ? el('UF', tr.UF) : '',
        ],
        true,
      )
    : '';
  const v = t.veicTransp;
  const placa = (v?.placa ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  const veiculo =
    v && placa
      ? grupo('veicTransp', [el('placa', placa), v.UF ? el('UF', v.UF) : '', elTexto('RNTC', v.RNTC, 20)])
      : '';
  const vols = t.vol.map((vol) =>
    grupo(
      'vol',
      [
        vol.qVol ? el('qVol', String(vol.qVol)) : '',
        elTexto('esp', vol.esp, 60),
        elTexto('marca', vol.marca, 60),
        vol.pesoL ? el('pesoL', dec(vol.pesoL, 3)) : '',
        vol.pesoB ? el('pesoB', dec(vol.pesoB, 3)) : '',
      ],
      true,
    ),
  );
  return grupo('transp', [el('modFrete', t.modFrete), transporta, veiculo, ...vols]);
}
