import fs from 'node:fs';
import path from 'node:path';
import type { ServerProcess } from './server';

export interface Artist {
  email: string;
  displayName: string;
  /** Ready for a Cookie header. */
  cookie: string;
}

/** The text of a mail file, quoted-printable undone (the verification link may be wrapped). */
function decodeMail(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function verificationToken(server: ServerProcess, email: string): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const names = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith('.eml')) : [];
    for (const name of names) {
      const mail = decodeMail(fs.readFileSync(path.join(outbox, name), 'utf8'));
      if (!new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'm').test(mail)) continue;
      const token = /\/verify-email\?token=([\w-]+)/.exec(mail)?.[1];
      if (token) return token;
    }
    if (Date.now() > deadline) throw new Error(`no verification mail to ${email} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A signed-in artist made the way a person makes one: register, open the link the server
 * mailed (to DATA_DIR/outbox), verify, and keep the session cookie that verification sets.
 */
export async function signUpArtist(server: ServerProcess, name: string): Promise<Artist> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${process.pid}@bench.example`;
  const displayName = `${name} ${process.pid}`;
  const post = (route: string, body: unknown) =>
    fetch(`${server.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const registered = await post('/api/register', { email, password: 'bench password 1', displayName });
  if (registered.status !== 201) throw new Error(`register ${email}: ${registered.status} ${await registered.text()}`);
  const verified = await post('/api/verify-email', { token: await verificationToken(server, email) });
  if (verified.status !== 200) throw new Error(`verify ${email}: ${verified.status} ${await verified.text()}`);
  const session = verified.headers.getSetCookie().find((cookie) => cookie.startsWith('sauti_sid='));
  if (!session) throw new Error(`verify ${email}: no session cookie`);
  return { email, displayName, cookie: session.split(';')[0]! };
}
