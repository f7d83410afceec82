import { describe, expect, it } from 'vitest';
import {
  autorizadorContingencia,
  autorizadorDaUf,
  CODIGO_UF,
  SERVICOS,
  ServicoIndisponivel,
  UFS,
  urlServico,
  WEBSERVICES,
} from './webservices.ts';

// The web-service table: every UF has an authoriser and an SVC, every authoriser an address for
// every service it offers in both ambientes (https), and the override for the double.

describe('authorisers per UF', () => {
  it.each([
    ['SP', 'SP', 'SVCAN'],
    ['MG', 'MG', 'SVCAN'],
    ['RS', 'RS', 'SVCAN'],
    ['PR', 'PR', 'SVCRS'],
    ['BA', 'BA', 'SVCRS'],
    ['AM', 'AM', 'SVCRS'],
    ['MA', 'SVAN', 'SVCRS'],
    ['CE', 'SVRS', 'SVCAN'],
    ['RJ', 'SVRS', 'SVCAN'],
    ['DF', 'SVRS', 'SVCAN'],
    ['SC', 'SVRS', 'SVCAN'],
  ])('%s → %s, contingência %s', (uf, normal, svc) => {
    expect(autorizadorDaUf(uf)).toBe(normal);
    expect(autorizadorContingencia(uf)).toBe(svc);
  });

  it('all 27 UFs are covered and every address is https', () => {
    expect(UFS).toHaveLength(27);
    for (const uf of UFS) expect(() => autorizadorDaUf(uf)).not.toThrow();
    for (const [aut, porAmbiente] of Object.entries(WEBSERVICES))
      for (const [amb, servicos] of Object.entries(porAmbiente)) {
        const esperados = aut === 'SVCAN' ? SERVICOS.filter((s) => s !== 'NFeInutilizacao4') : SERVICOS;
        expect(Object.keys(servicos).sort(), `${aut} ${amb}`).toEqual([...esperados].sort());
        for (const url of Object.values(servicos)) expect(url).toMatch(/^https:\/\/[a-z0-9.-]+\//);
      }
    expect(CODIGO_UF.SP).toBe('35');
  });

  it('addresses: SP homologação, SVRS produção, SVC-AN; inutilização never in SVC; override', () => {
    expect(urlServico({ uf: 'SP', ambiente: 'homologacao', servico: 'NFeAutorizacao4' }).url).toBe(
      'https://homologacao.nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx',
    );
    expect(urlServico({ uf: 'RJ', ambiente: 'producao', servico: 'NFeRecepcaoEvento4' }).url).toBe(
      'https://nfe.svrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
    );
    expect(
      urlServico({ uf: 'SP', ambiente: 'producao', servico: 'NFeAutorizacao4', contingencia: true }),
    ).toEqual({
      url: 'https://www.svc.fazenda.gov.br/NFeAutorizacao4/NFeAutorizacao4.asmx',
      autorizador: 'SVCAN',
    });
    expect(
      urlServico({ uf: 'SP', ambiente: 'producao', servico: 'NFeInutilizacao4', contingencia: true })
        .autorizador,
    ).toBe('SP');
    expect(
      urlServico({
        uf: 'PR',
        ambiente: 'homologacao',
        servico: 'NFeStatusServico4',
        contingencia: true,
        override: 'https://127.0.0.1:4443/',
      }).url,
    ).toBe('https://127.0.0.1:4443/SVCRS/NFeStatusServico4');
    expect(ServicoIndisponivel).toBeDefined();
  });
});
