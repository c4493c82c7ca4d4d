import nodemailer from 'nodemailer';
import { expect, test } from './support/test';
import { decodeHeader, decodeQuotedPrintable, linkIn, parseEml } from './support/mail';

// The e2e tests follow links out of real .eml files; this checks the reader on the encodings
// nodemailer actually produces (quoted-printable wraps long lines with soft breaks).
test('reads the link out of a quoted-printable message whose lines were wrapped', async () => {
  const token = 'A'.repeat(30) + '-_' + 'b'.repeat(40);
  const link = `http://localhost:5123/verify-email?token=${token}`;
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await composer.sendMail({
    from: 'Sauti <no-reply@sauti.test>',
    to: 'zoë@example.test',
    subject: 'Thibitisha barua pepe yako — Sauti ✓',
    text: `Habari Zoë,\n\nVerify email address: ${link}\n\nAsante — ${'a long line '.repeat(12)}`,
    html: `<p><a href="${link}">Verify</a></p>`,
  });
  const raw = (info.message as Buffer).toString('utf8');
  expect(raw).toMatch(/=\n/); // really wrapped

  const mail = parseEml(raw);
  expect(mail.to).toContain('zoë@example.test');
  expect(mail.subject).toBe('Thibitisha barua pepe yako — Sauti ✓');
  expect(mail.text).toContain('Habari Zoë,');
  expect(linkIn(mail, '/verify-email')).toBe(link);
  expect(mail.html).toContain(`href="${link}"`);
});

test('decodes quoted-printable bytes and encoded-word headers', () => {
  expect(decodeQuotedPrintable('token=3Dabc=\n123 caf=C3=A9')).toBe('token=abc123 café');
  expect(decodeHeader('=?UTF-8?Q?Karibu_Sauti?= =?UTF-8?B?4pyT?=')).toBe('Karibu Sauti✓');
});
