// pt-BR e-mail messages (HTML and plain text) of the product. Links arrive ready-made.
export const PRODUCT_NAME = 'Plataforma ERP';

export type MailContent = { assunto: string; texto: string; html: string };

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}

function layout(opts: { titulo: string; paragrafos: string[]; botao: string; link: string; rodape: string }) {
  const p = (t: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2937">${t}</p>`;
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(opts.titulo)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 28px">
<p style="margin:0 0 20px;font-size:18px;font-weight:bold;color:#111827">${PRODUCT_NAME}</p>
<h1 style="margin:0 0 16px;font-size:20px;color:#111827">${escapeHtml(opts.titulo)}</h1>
${opts.paragrafos.map(p).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(opts.link)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(opts.botao)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4b5563">Se o botão não funcionar, copie e cole este endereço no navegador:<br><a href="${escapeHtml(opts.link)}" style="color:#2563eb;word-break:break-all">${escapeHtml(opts.link)}</a></p>
<p style="margin:0;font-size:13px;color:#6b7280">${escapeHtml(opts.rodape)}</p>
</td></tr></table>
</body></html>`;
}

const saudacao = (nome: string | null | undefined) => (nome?.trim() ? `Olá, ${nome.trim()}!` : 'Olá!');

export function confirmationMail(input: { nome?: string | null; link: string }): MailContent {
  const intro = `Recebemos seu cadastro na ${PRODUCT_NAME}. Para ativar sua conta, confirme seu e-mail pelo link abaixo. O link vale por 24 horas e pode ser usado uma única vez.`;
  const rodape = 'Se você não fez este cadastro, ignore esta mensagem.';
  return {
    assunto: `Confirme seu cadastro na ${PRODUCT_NAME}`,
    texto: `${saudacao(input.nome)}\n\n${intro}\n\n${input.link}\n\n${rodape}\n\n${PRODUCT_NAME}\n`,
    html: layout({
      titulo: 'Confirme seu e-mail',
      paragrafos: [escapeHtml(saudacao(input.nome)), escapeHtml(intro)],
      botao: 'Confirmar e-mail',
      link: input.link,
      rodape,
    }),
  };
}

export function recoveryMail(input: { nome?: string | null; link: string }): MailContent {
  const intro = `Recebemos um pedido para redefinir a senha da sua conta na ${PRODUCT_NAME}. Para criar uma nova senha, use o link abaixo. O link vale por 1 hora e pode ser usado uma única vez.`;
  const rodape = 'Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.';
  return {
    assunto: `Redefinição de senha da ${PRODUCT_NAME}`,
    texto: `${saudacao(input.nome)}\n\n${intro}\n\n${input.link}\n\n${rodape}\n\n${PRODUCT_NAME}\n`,
    html: layout({
      titulo: 'Redefinir senha',
      paragrafos: [escapeHtml(saudacao(input.nome)), escapeHtml(intro)],
      botao: 'Redefinir senha',
      link: input.link,
      rodape,
    }),
  };
}

export function invitationMail(input: {
  nome?: string | null;
  convidadoPor?: string | null;
  link: string;
}): MailContent {
  const por = input.convidadoPor?.trim() ? ` por ${input.convidadoPor.trim()}` : '';
  const intro = `Você foi convidado(a)${por} para acessar a ${PRODUCT_NAME}. Para aceitar o convite, defina sua senha pelo link abaixo. O link vale por 7 dias e pode ser usado uma única vez.`;
  const rodape = 'Se você não esperava este convite, ignore esta mensagem.';
  return {
    assunto: `Convite para a ${PRODUCT_NAME}`,
    texto: `${saudacao(input.nome)}\n\n${intro}\n\n${input.link}\n\n${rodape}\n\n${PRODUCT_NAME}\n`,
    html: layout({
      titulo: 'Você recebeu um convite',
      paragrafos: [escapeHtml(saudacao(input.nome)), escapeHtml(intro)],
      botao: 'Aceitar convite',
      link: input.link,
      rodape,
    }),
  };
}
