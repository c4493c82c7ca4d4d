import type { Language } from '#common/i18n/language';
import { serverText } from '../../i18n';
import type { MailMessage } from './transports';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

interface Layout {
  language: Language;
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}

/** One plain layout for every mail, in the reader's language: a text part any client reads, and a simple HTML part. */
function render({ language, to, subject, greeting, paragraphs, action, footer }: Layout): MailMessage {
  const signature = serverText(language, 'mail.signature');
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    footer,
    '',
    signature,
  ].join('\n');
  // lang lets a screen reader speak it with the right voice, and a client pick fonts and hyphenation (issue 20).
  const html = `<!doctype html><html lang="${language}" dir="ltr"><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${
  action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#111;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(serverText(language, 'mail.buttonFallback'))}<br>${escapeHtml(action.url)}</p>`
    : ''
}
<p style="font-size:13px;color:#555">${escapeHtml(footer)}</p>
<p>${escapeHtml(signature)}</p>
</body></html>`;
  return { to, subject, text, html, ...(action ? { link: action.url } : {}) };
}

/** An account's mail of one paragraph and one link, its words under `mail.<kind>.*` in the catalogue. */
function accountLinkMail(kind: 'verification' | 'passwordReset', to: string, displayName: string, url: string, language: Language): MailMessage {
  return render({
    language,
    to,
    subject: serverText(language, `mail.${kind}.subject`),
    greeting: serverText(language, 'mail.hi', { name: displayName }),
    paragraphs: [serverText(language, `mail.${kind}.body`)],
    action: { label: serverText(language, `mail.${kind}.action`), url },
    footer: serverText(language, `mail.${kind}.footer`),
  });
}

export function verificationMail(to: string, displayName: string, url: string, language: Language): MailMessage {
  return accountLinkMail('verification', to, displayName, url, language);
}

export function passwordResetMail(to: string, displayName: string, url: string, language: Language): MailMessage {
  return accountLinkMail('passwordReset', to, displayName, url, language);
}

/** Sent instead of a second account when someone registers with an address that already has one. */
export function alreadyRegisteredMail(to: string, displayName: string, signInUrl: string, language: Language): MailMessage {
  return render({
    language,
    to,
    subject: serverText(language, 'mail.alreadyRegistered.subject'),
    greeting: serverText(language, 'mail.hi', { name: displayName }),
    paragraphs: [serverText(language, 'mail.alreadyRegistered.body'), serverText(language, 'mail.alreadyRegistered.forgot')],
    action: { label: serverText(language, 'mail.alreadyRegistered.action'), url: signInUrl },
    footer: serverText(language, 'mail.alreadyRegistered.footer'),
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
export function purchaseReceiptMail(to: string, receipt: ReceiptDetails, language: Language): MailMessage {
  return render({
    language,
    to,
    subject: serverText(language, 'mail.receipt.subject', { itemName: receipt.itemName }),
    greeting: serverText(language, 'mail.hello'),
    paragraphs: [
      serverText(language, 'mail.receipt.thanks', { itemType: receipt.itemType, itemName: receipt.itemName, artistName: receipt.artistName }),
      serverText(language, 'mail.receipt.amounts', { price: receipt.price, fee: receipt.fee, total: receipt.total, reference: receipt.reference }),
      serverText(language, 'mail.receipt.howTo'),
    ],
    action: { label: serverText(language, 'mail.receipt.action', { itemType: receipt.itemType }), url: receipt.receiptUrl },
    footer: serverText(language, 'mail.receipt.footer', { libraryUrl: receipt.libraryUrl }),
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
export function saleNotificationMail(to: string, displayName: string, sale: SaleDetails, language: Language): MailMessage {
  return render({
    language,
    to,
    subject: serverText(language, 'mail.sale.subject', { itemName: sale.itemName }),
    greeting: serverText(language, 'mail.hi', { name: displayName }),
    paragraphs: [serverText(language, 'mail.sale.body', { itemType: sale.itemType, itemName: sale.itemName, price: sale.price, artistShare: sale.artistShare })],
    action: { label: serverText(language, 'mail.sale.action'), url: sale.dashboardUrl },
    footer: serverText(language, 'mail.sale.footer'),
  });
}

/** A fan's library (issue 17): a sign-in link that works once, for 15 minutes, on any device. */
export function librarySignInMail(to: string, url: string, language: Language): MailMessage {
  return render({
    language,
    to,
    subject: serverText(language, 'mail.library.subject'),
    greeting: serverText(language, 'mail.hello'),
    paragraphs: [serverText(language, 'mail.library.body')],
    action: { label: serverText(language, 'mail.library.action'), url },
    footer: serverText(language, 'mail.library.footer'),
  });
}

/** The links every follow mail carries (issue 17): the page, and the one-click address of RFC 8058. */
export interface UnsubscribeLinks {
  /** /follow/unsubscribe?token=...: a page that asks nothing and unsubscribes. */
  pageUrl: string;
  /** /api/follows/unsubscribe?token=...: what a mail client POSTs "List-Unsubscribe=One-Click" to. */
  oneClickUrl: string;
}

function withUnsubscribe(message: MailMessage, links: UnsubscribeLinks, language: Language): MailMessage {
  const footer = serverText(language, 'mail.unsubscribeText', { url: links.pageUrl });
  const link = `<a href="${escapeHtml(links.pageUrl)}">${escapeHtml(serverText(language, 'mail.unsubscribeLink'))}</a>`;
  // The sentence is escaped around the link, which is HTML already.
  const sentence = serverText(language, 'mail.unsubscribeHtml', { link: '\u0000' }).split('\u0000').map(escapeHtml).join(link);
  return {
    ...message,
    text: `${message.text}\n\n${footer}\n`,
    html: message.html.replace('</body>', `<p style="font-size:13px;color:#555">${sentence}</p>\n</body>`),
    headers: { 'List-Unsubscribe': `<${links.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Following an artist (issue 17): confirm once before any release mail. */
export function followConfirmMail(to: string, artistName: string, confirmUrl: string, unsubscribe: UnsubscribeLinks, language: Language): MailMessage {
  return withUnsubscribe(
    render({
      language,
      to,
      subject: serverText(language, 'mail.followConfirm.subject', { artistName }),
      greeting: serverText(language, 'mail.hello'),
      paragraphs: [serverText(language, 'mail.followConfirm.body', { artistName })],
      action: { label: serverText(language, 'mail.followConfirm.action', { artistName }), url: confirmUrl },
      footer: serverText(language, 'mail.followConfirm.footer'),
    }),
    unsubscribe,
    language,
  );
}

export interface ReleaseDetails {
  artistName: string;
  kind: 'track' | 'album';
  name: string;
  url: string;
}

/** To a confirmed follower, when their artist releases a track or an album (issue 17). */
export function followReleaseMail(to: string, release: ReleaseDetails, unsubscribe: UnsubscribeLinks, language: Language): MailMessage {
  return withUnsubscribe(
    render({
      language,
      to,
      subject: serverText(language, 'mail.followRelease.subject', { artistName: release.artistName, name: release.name }),
      greeting: serverText(language, 'mail.hello'),
      paragraphs: [serverText(language, 'mail.followRelease.body', { artistName: release.artistName, kind: release.kind, name: release.name })],
      action: { label: serverText(language, 'mail.followRelease.action', { kind: release.kind }), url: release.url },
      footer: serverText(language, 'mail.followRelease.footer', { artistName: release.artistName }),
    }),
    unsubscribe,
    language,
  );
}

/** What a takedown mail names (decision 066): the item, why, and where the artist sees it. */
export interface TakedownDetails {
  itemType: 'track' | 'album' | 'artist';
  itemName: string;
  /** The operator's reason: the takedown's when taken down, the restore's (optional) when restored. */
  reason?: string;
  dashboardUrl: string;
}

/** The artist hears that an operator took down their track, album or profile (issue 21), and why. */
export function takedownMail(to: string, displayName: string, item: TakedownDetails, language: Language): MailMessage {
  return takedownNotice('down', to, displayName, item, language);
}

/** The artist hears that what was taken down is public again. */
export function takedownRestoredMail(to: string, displayName: string, item: TakedownDetails, language: Language): MailMessage {
  return takedownNotice('restored', to, displayName, item, language);
}

function takedownNotice(what: 'down' | 'restored', to: string, displayName: string, item: TakedownDetails, language: Language): MailMessage {
  const values = { itemType: item.itemType, itemName: item.itemName };
  const reason = item.reason ?? '';
  const paragraphs =
    what === 'down'
      ? [serverText(language, 'mail.takedown.body', values), serverText(language, 'mail.takedown.reason', { reason }), serverText(language, 'mail.takedown.buyers')]
      : [serverText(language, 'mail.takedownRestored.body', values), ...(reason ? [serverText(language, 'mail.takedownRestored.note', { reason })] : [])];
  return render({
    language,
    to,
    subject: serverText(language, what === 'down' ? 'mail.takedown.subject' : 'mail.takedownRestored.subject', values),
    greeting: serverText(language, 'mail.hi', { name: displayName }),
    paragraphs,
    action: { label: serverText(language, 'mail.takedown.action'), url: item.dashboardUrl },
    footer: serverText(language, 'mail.takedown.footer'),
  });
}
