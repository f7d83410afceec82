import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it receives (in memory, and as JSON
 * files in `dir` when given, so another process can read them). Tests read links from real mail.
 */
export async function startSmtpCapture(opts: { dir?: string } = {}) {
  const mails: CapturedMail[] = [];
  let failNext = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (failNext > 0) {
            failNext--;
            const err = new Error('451 falha simulada') as Error & { responseCode: number };
            err.responseCode = 451;
            return callback(err);
          }
          const toField = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
          const mail: CapturedMail = {
            to: toField.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase())),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: (parsed.attachments ?? []).map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content,
            })),
          };
          mails.push(mail);
          if (opts.dir) {
            fs.mkdirSync(opts.dir, { recursive: true });
            fs.writeFileSync(path.join(opts.dir, `${Date.now()}-${mails.length}.json`), JSON.stringify(mail));
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next n deliveries are refused with a temporary error (retry tests). */
    failNextDeliveries(n: number) {
      failNext = n;
    },
    /** Waits for a message to `to` (optionally matching the subject). */
    async waitFor(to: string, match?: RegExp, timeoutMs = 10_000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((m) => m.to.includes(to.toLowerCase()) && (!match || match.test(m.subject)));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`nenhum e-mail para ${to} em ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Reads mails that a capture server in another process wrote to `dir`. */
export async function waitForMailInDir(
  dir: string,
  to: string,
  match?: RegExp,
  timeoutMs = 15_000,
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    for (const f of files.reverse()) {
      const m = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as CapturedMail;
      if (m.to.includes(to.toLowerCase()) && (!match || match.test(m.subject))) return m;
    }
    if (Date.now() > deadline) throw new Error(`nenhum e-mail para ${to} em ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
