/** Mail: queued in the caller's transaction, sent by a durable job over SMTP or to the outbox folder. */
export { mailPlugin, type Mailer } from './mail.plugin';
export { alreadyRegisteredMail, librarySignInMail, passwordResetMail, purchaseReceiptMail, saleNotificationMail, verificationMail, type ReceiptDetails, type SaleDetails } from './templates';
export type { MailMessage, MailTransport } from './transports';
