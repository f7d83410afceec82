import { createHash } from 'node:crypto';
import type { RespTecNfe } from './tipos.ts';
import { documento, el, elTexto, grupo, soDigitos } from './xml-texto.ts';

// Groups infAdic (Z01: informações ao fisco and complementares) and infRespTec (ZD01: the
// software's technical contact, NT 2018.005).

export function infAdicXml(i: { infAdFisco?: string | null; infCpl?: string | null }): string {
  return grupo(
    'infAdic',
    [elTexto('infAdFisco', i.infAdFisco, 2000), elTexto('infCpl', i.infCpl, 5000)],
    true,
  );
}

export function infRespTecXml(
  r: RespTecNfe | null,
  csrt: { id: string; csrt: string } | null | undefined,
  chave: string,
): string {
  if (!r) return '';
  const fone = soDigitos(r.fone);
  return grupo('infRespTec', [
    el('CNPJ', documento(r.CNPJ)),
    elTexto('xContato', r.xContato, 60),
    elTexto('email', r.email, 60),
    el('fone', fone),
    ...(csrt
      ? [
          el('idCSRT', csrt.id),
          el('hashCSRT', createHash('sha1').update(`${csrt.csrt}${chave}`).digest('base64')),
        ]
      : []),
  ]);
}
