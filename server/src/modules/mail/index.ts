/** Mail: queued in the caller's transaction, sent by a durable job over SMTP or to the outbox folder. */
export { mailPlugin, type Mailer } from './mail.plugin';
export { alreadyRegisteredMail, followConfirmMail, followReleaseMail, librarySignInMail, passwordResetMail, purchaseReceiptMail, saleNotificationMail, takedownMail, takedownRestoredMail, verificationMail, type TakedownDetails, type ReceiptDetails, type ReleaseDetails, type SaleDetails, type UnsubscribeLinks } from './templates';
export type { MailMessage, MailTransport } from './transports';
