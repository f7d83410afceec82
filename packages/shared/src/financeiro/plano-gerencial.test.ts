import { describe, expect, it } from 'vitest';
import {
  ancestraisPlano,
  codigoPai,
  codigosAnaliticos,
  erroCodigoPlano,
  nivelPlano,
  planoMensagens,
  proximoCodigoFilho,
  verificaClasseDoTitulo,
  verificaPai,
} from './plano-gerencial.ts';

describe('plano gerencial codes', () => {
  it.each(['1', '1.01', '1.01.003', '9.99.999.999.999', ' 2.10 '])('%j is valid', (codigo) => {
    expect(erroCodigoPlano(codigo)).toBeNull();
  });

  it.each([
    ['', planoMensagens.codigoObrigatorio],
    ['1.1', planoMensagens.codigoFormato],
    ['1.01.3', planoMensagens.codigoFormato],
    ['01', planoMensagens.codigoFormato],
    ['1.01.0003', planoMensagens.codigoFormato],
    ['1..01', planoMensagens.codigoFormato],
    ['1.01.', planoMensagens.codigoFormato],
    ['A.01', planoMensagens.codigoFormato],
    ['0', planoMensagens.codigoZero],
    ['1.00', planoMensagens.codigoZero],
    ['1.01.000', planoMensagens.codigoZero],
    ['1.01.001.001.001.001', planoMensagens.codigoNiveis],
  ])('%j → %s', (codigo, mensagem) => {
    expect(erroCodigoPlano(codigo)).toBe(mensagem);
  });

  it('levels, parent and ancestors', () => {
    expect(nivelPlano('1.01.003')).toBe(3);
    expect(codigoPai('1.01.003')).toBe('1.01');
    expect(codigoPai('1.01')).toBe('1');
    expect(codigoPai('1')).toBeNull();
    expect(ancestraisPlano('1.01.003')).toEqual(['1', '1.01']);
    expect(ancestraisPlano('1')).toEqual([]);
  });

  it('analíticas are the leaves', () => {
    const plano = ['1', '1.01', '1.01.001', '1.01.002', '1.02', '2', '2.01', '2.01.001'];
    expect([...codigosAnaliticos(plano)].sort()).toEqual(['1.01.001', '1.01.002', '1.02', '2.01.001']);
  });

  it('proximoCodigoFilho: the next free code of a level, null when full', () => {
    const plano = ['1', '2', '1.01', '1.02', '1.01.001', '1.01.007'];
    expect(proximoCodigoFilho(null, plano)).toBe('3');
    expect(proximoCodigoFilho('1', plano)).toBe('1.03');
    expect(proximoCodigoFilho('1.01', plano)).toBe('1.01.008');
    expect(proximoCodigoFilho('1.02', plano)).toBe('1.02.001');
    expect(proximoCodigoFilho('1', ['1.99'])).toBeNull();
    expect(proximoCodigoFilho('1.01.001.001.001', [])).toBeNull();
  });

  it('verificaPai: exists, has no values, same tipo', () => {
    expect(verificaPai({ codigo: '1' }, null)).toBeNull();
    expect(
      verificaPai(
        { codigo: '1.01', tipo: 'receita' },
        { codigo: '1', tipo: 'receita', tem_lancamentos: false },
      ),
    ).toBeNull();
    expect(verificaPai({ codigo: '1.01.002' }, null)).toEqual({
      ok: false,
      mensagem: 'Conta superior 1.01 não cadastrada',
      campo: 'codigo',
    });
    expect(verificaPai({ codigo: '1.01.002' }, { codigo: '1.01', tem_lancamentos: true })).toEqual({
      ok: false,
      mensagem: planoMensagens.paiComLancamentos('1.01'),
      campo: 'codigo',
    });
    expect(
      verificaPai(
        { codigo: '2.01', tipo: 'receita' },
        { codigo: '2', tipo: 'despesa', tem_lancamentos: false },
      ),
    ).toEqual({ ok: false, mensagem: planoMensagens.tipoDiferenteDoPai, campo: 'tipo' });
  });

  it('a título takes an analítica classe of its tipo', () => {
    expect(verificaClasseDoTitulo('receber', { tipo: 'receita', analitica: true })).toBeNull();
    expect(verificaClasseDoTitulo('pagar', { tipo: 'despesa', analitica: true })).toBeNull();
    expect(verificaClasseDoTitulo('receber', { tipo: 'despesa', analitica: true })?.mensagem).toBe(
      planoMensagens.classeReceber,
    );
    expect(verificaClasseDoTitulo('pagar', { tipo: 'receita', analitica: true })?.mensagem).toBe(
      planoMensagens.classePagar,
    );
    expect(verificaClasseDoTitulo('pagar', { tipo: 'despesa', analitica: false })?.mensagem).toBe(
      planoMensagens.sintetica,
    );
  });
});
