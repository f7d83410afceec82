// The answer of a finance rule that a person's input can make fail (a baixa above the saldo, a
// total too small for its instalments): either ok with the result, or the pt-BR message and the
// field it belongs to. The server turns a failure into a 400/409 with that message; the form
// shows it under the field.

export type Falha = { ok: false; mensagem: string; campo?: string };

export type Resultado<T extends object> = ({ ok: true } & T) | Falha;

export function falha(mensagem: string, campo?: string): Falha {
  return campo === undefined ? { ok: false, mensagem } : { ok: false, mensagem, campo };
}
