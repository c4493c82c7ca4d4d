import type { MailMessage } from './transports';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

interface Layout {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}

/** One plain layout for every mail: a text part any client reads, and a simple HTML part. */
function render({ to, subject, greeting, paragraphs, action, footer }: Layout): MailMessage {
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    footer,
    '',
    '— Sauti',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${
  action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#111;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#555">If the button does not work, copy this link into your browser:<br>${escapeHtml(action.url)}</p>`
    : ''
}
<p style="font-size:13px;color:#555">${escapeHtml(footer)}</p>
<p>— Sauti</p>
</body></html>`;
  return { to, subject, text, html, ...(action ? { link: action.url } : {}) };
}

export function verificationMail(to: string, displayName: string, url: string): MailMessage {
  return render({
    to,
    subject: 'Verify your email address for Sauti',
    greeting: `Hi ${displayName},`,
    paragraphs: ['Welcome to Sauti! Please confirm your email address to activate your artist account.'],
    action: { label: 'Verify email address', url },
    footer: 'This link expires in 24 hours. If you did not sign up for Sauti, you can ignore this email.',
  });
}

export function passwordResetMail(to: string, displayName: string, url: string): MailMessage {
  return render({
    to,
    subject: 'Reset your Sauti password',
    greeting: `Hi ${displayName},`,
    paragraphs: ['We received a request to reset the password of your Sauti account.'],
    action: { label: 'Choose a new password', url },
    footer: 'This link expires in 1 hour and works once. If you did not ask for it, ignore this email: your password stays the same.',
  });
}

/** Sent instead of a second account when someone registers with an address that already has one. */
export function alreadyRegisteredMail(to: string, displayName: string, signInUrl: string): MailMessage {
  return render({
    to,
    subject: 'You already have a Sauti account',
    greeting: `Hi ${displayName},`,
    paragraphs: [
      'Someone, probably you, tried to create a new Sauti account with this email address. You already have one, so no new account was created.',
      'If you forgot your password, choose "Forgot password?" on the sign-in page to set a new one.',
    ],
    action: { label: 'Sign in', url: signInUrl },
    footer: 'If this was not you, you can ignore this email.',
  });
}

export interface ReceiptDetails {
  itemType: 'track' | 'album';
  itemName: string;
  artistName: string;
  /** Already formatted ('KES 50.00'). */
  price: string;
  fee: string;
  total: string;
  reference: string;
  /** The purchase page, /purchase/{reference}?token=... (issue 16): what was bought, each format and its size. */
  receiptUrl: string;
  /** A fan's library (issue 17): everything bought with this address, from any device. */
  libraryUrl: string;
}

/** The buyer's receipt: what was bought, what was paid, and a link that downloads it again from any device. */
export function purchaseReceiptMail(to: string, receipt: ReceiptDetails): MailMessage {
  const what = receipt.itemType === 'album' ? `the album "${receipt.itemName}"` : `"${receipt.itemName}"`;
  return render({
    to,
    subject: `Your Sauti purchase: ${receipt.itemName}`,
    greeting: 'Hello,',
    paragraphs: [
      `Thank you for buying ${what} by ${receipt.artistName}. 90% of the price goes to the artist.`,
      `Price: ${receipt.price}. Processing fee: ${receipt.fee}. Total paid: ${receipt.total}. Reference: ${receipt.reference}.`,
      'Use the link below to download it, now or later, on any device: MP3 (smaller, best on a phone) or the original file. Keep it to yourself: anyone with the link can download your purchase.',
    ],
    action: { label: receipt.itemType === 'album' ? 'Download the album' : 'Download the track', url: receipt.receiptUrl },
    footer: `Lost this email? Everything you bought with this address is in your library: ${receipt.libraryUrl}`,
  });
}

export interface SaleDetails {
  itemType: 'track' | 'album';
  itemName: string;
  /** Already formatted ('KES 500.00'). */
  price: string;
  artistShare: string;
  /** The dashboard, where the sale and the payouts are. */
  dashboardUrl: string;
}

/** To the artist, for each sale (issue 16): what sold and their share; they can turn it off under Payments. */
export function saleNotificationMail(to: string, displayName: string, sale: SaleDetails): MailMessage {
  const what = sale.itemType === 'album' ? `your album "${sale.itemName}"` : `"${sale.itemName}"`;
  return render({
    to,
    subject: `You made a sale: ${sale.itemName}`,
    greeting: `Hi ${displayName},`,
    paragraphs: [`A fan just bought ${what} for ${sale.price}. Your share (90%) is ${sale.artistShare}.`],
    action: { label: 'See your sales', url: sale.dashboardUrl },
    footer: 'You can turn these e-mails off under Payments in your dashboard.',
  });
}

/** A fan's library (issue 17): a sign-in link that works once, for 15 minutes, on any device. */
export function librarySignInMail(to: string, url: string): MailMessage {
  return render({
    to,
    subject: 'Your Sauti library',
    greeting: 'Hello,',
    paragraphs: ['Here is your link to everything you bought on Sauti with this e-mail address, ready to download on this device.'],
    action: { label: 'Open my library', url },
    footer: 'This link works once, for 15 minutes. If you did not ask for it, you can ignore this email.',
  });
}

/** The links every follow mail carries (issue 17): the page, and the one-click address of RFC 8058. */
export interface UnsubscribeLinks {
  /** /follow/unsubscribe?token=...: a page that asks nothing and unsubscribes. */
  pageUrl: string;
  /** /api/follows/unsubscribe?token=...: what a mail client POSTs "List-Unsubscribe=One-Click" to. */
  oneClickUrl: string;
}

function withUnsubscribe(message: MailMessage, links: UnsubscribeLinks): MailMessage {
  const footer = `Unsubscribe with one click: ${links.pageUrl}`;
  return {
    ...message,
    text: `${message.text}\n\n${footer}\n`,
    html: message.html.replace('</body>', `<p style="font-size:13px;color:#555"><a href="${escapeHtml(links.pageUrl)}">Unsubscribe</a> from these e-mails.</p>\n</body>`),
    headers: { 'List-Unsubscribe': `<${links.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Following an artist (issue 17): confirm once before any release mail. */
export function followConfirmMail(to: string, artistName: string, confirmUrl: string, unsubscribe: UnsubscribeLinks): MailMessage {
  return withUnsubscribe(
    render({
      to,
      subject: `Confirm: e-mails from ${artistName} on Sauti`,
      greeting: 'Hello,',
      paragraphs: [`Someone, probably you, asked to get an e-mail when ${artistName} releases new music on Sauti. Confirm and you will: one short e-mail per release, at most one a day.`],
      action: { label: `Follow ${artistName}`, url: confirmUrl },
      footer: 'If you did not ask for this, ignore this e-mail: nothing more will be sent.',
    }),
    unsubscribe,
  );
}

export interface ReleaseDetails {
  artistName: string;
  kind: 'track' | 'album';
  name: string;
  url: string;
}

/** To a confirmed follower, when their artist releases a track or an album (issue 17). */
export function followReleaseMail(to: string, release: ReleaseDetails, unsubscribe: UnsubscribeLinks): MailMessage {
  const what = release.kind === 'album' ? `a new album, "${release.name}"` : `a new track, "${release.name}"`;
  return withUnsubscribe(
    render({
      to,
      subject: `New from ${release.artistName}: ${release.name}`,
      greeting: 'Hello,',
      paragraphs: [`${release.artistName} just released ${what} on Sauti.`],
      action: { label: release.kind === 'album' ? 'Listen to the album' : 'Listen to the track', url: release.url },
      footer: `You get this because you follow ${release.artistName} on Sauti.`,
    }),
    unsubscribe,
  );
}
