import type { StandInBook, StandInRefund, StandInTransaction, StandInTransfer } from './paystack-stand-in-book';
import { BANKS, errorBody, random, refundData, transactionData, transferData } from './paystack-stand-in-shapes';

const notFound = (book: StandInBook, what: string): [number, unknown] =>
  book.unknownReferenceStyle === '404'
    ? [404, { status: false, message: 'Entity not found' }]
    : [400, errorBody(`${what} reference not found`, `${what.toLowerCase()}_not_found`)];


/** Answers one call to the stand-in, as Paystack would: [status, body]. */
export function route(book: StandInBook, method: string, path: string, query: Record<string, string>, body: Record<string, unknown>): [number, unknown] {
  const { transactions, transfers, subaccounts, recipients, refunds } = book;
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : undefined);
  if (method === 'GET' && path === '/bank') {
    const list = BANKS.filter((bank) => !query.country || bank.country.toLowerCase() === query.country.toLowerCase());
    return [200, { status: true, message: 'Banks retrieved', data: list, meta: { next: null, previous: null, perPage: Number(query.perPage ?? 50) } }];
  }
  if (method === 'POST' && path === '/subaccount') {
    for (const key of ['business_name', 'settlement_bank', 'account_number']) {
      if (!text(key)) return [400, errorBody(`${key} is required`)];
    }
    if (typeof body.percentage_charge !== 'number') return [400, errorBody('percentage_charge is required')];
    const bank = BANKS.find((b) => b.code === text('settlement_bank') && b.active);
    if (!bank) return [400, errorBody('Account details are invalid', 'invalid_bank_code')];
    const data = {
      id: book.nextId++,
      subaccount_code: `ACCT_${random()}`,
      business_name: text('business_name'),
      description: text('description') ?? null,
      primary_contact_email: text('primary_contact_email') ?? null,
      settlement_bank: bank.name,
      account_number: text('account_number'),
      percentage_charge: body.percentage_charge,
      currency: 'KES',
      active: true,
      settlement_schedule: 'AUTO',
    };
    subaccounts.set(data.subaccount_code, data);
    return [201, { status: true, message: 'Subaccount created', data }];
  }
  if (method === 'POST' && path === '/transferrecipient') {
    if (text('type') !== 'mobile_money' && text('type') !== 'kepss') return [400, errorBody('Invalid type')];
    if (!text('name')) return [400, errorBody('Name is required')];
    if (!/^0\d{9}$/.test(text('account_number') ?? '')) return [400, errorBody('Account number is invalid', 'invalid_account_number')];
    if (!BANKS.some((b) => b.code === text('bank_code'))) return [400, errorBody('Bank code is invalid', 'invalid_bank_code')];
    const data = {
      id: book.nextId++,
      active: true,
      currency: text('currency') ?? 'KES',
      domain: 'test',
      name: text('name'),
      recipient_code: `RCP_${random()}`,
      type: text('type'),
      details: { account_number: text('account_number'), account_name: null, bank_code: text('bank_code'), bank_name: 'M-PESA' },
    };
    recipients.set(data.recipient_code, data);
    return [201, { status: true, message: 'Transfer recipient created successfully', data }];
  }
  if (method === 'POST' && path === '/transaction/initialize') {
    const email = text('email');
    if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) return [400, errorBody('Invalid Email Address Passed')];
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return [400, errorBody('Invalid Amount Sent')];
    if (text('currency') && text('currency') !== 'KES') return [400, errorBody('Currency not supported by merchant', 'unsupported_currency')];
    const reference = text('reference') ?? `ref_${random()}`;
    if (!/^[A-Za-z0-9.=-]+$/.test(reference)) return [400, errorBody('Invalid transaction reference', 'invalid_reference')];
    if (transactions.has(reference)) {
      return [
        400,
        { ...errorBody('Duplicate Transaction Reference', 'duplicate_reference'), meta: { nextStep: 'Try and create the Transaction or Charge with a new reference' } },
      ];
    }
    const subaccount = text('subaccount') ?? null;
    if (subaccount && !subaccounts.has(subaccount)) return [400, errorBody('Subaccount not found', 'invalid_subaccount')];
    const accessCode = random() + random();
    const t: StandInTransaction = {
      id: book.nextId++,
      reference,
      accessCode,
      email,
      amount,
      requestedAmount: amount,
      currency: text('currency') ?? 'KES',
      // Paystack reports a transaction nobody has paid yet as abandoned.
      status: 'abandoned',
      channel: null,
      paidAt: null,
      createdAt: new Date().toISOString(),
      callbackUrl: text('callback_url') ?? null,
      channels: Array.isArray(body.channels) ? (body.channels as string[]) : null,
      metadata: body.metadata ?? '',
      subaccount,
      bearer: text('bearer') ?? null,
      transactionCharge: typeof body.transaction_charge === 'number' ? body.transaction_charge : null,
      fees: null,
    };
    transactions.set(reference, t);
    return [
      200,
      { status: true, message: 'Authorization URL created', data: { authorization_url: `https://checkout.paystack.com/${accessCode}`, access_code: accessCode, reference } },
    ];
  }
  let match = /^\/transaction\/verify\/(.+)$/.exec(path);
  if (method === 'GET' && match) {
    const t = transactions.get(decodeURIComponent(match[1]!));
    if (!t) return notFound(book, 'Transaction');
    return [200, { status: true, message: 'Verification successful', data: transactionData(t) }];
  }
  if (method === 'POST' && path === '/transfer') {
    if (text('source') !== 'balance') return [400, errorBody('Invalid transfer source')];
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return [400, errorBody('Invalid amount', 'invalid_amount')];
    const recipient = text('recipient') ?? '';
    if (!recipients.has(recipient)) return [400, errorBody('Recipient specified is invalid', 'invalid_recipient')];
    const reference = text('reference') ?? `trf${random()}${random()}`;
    if (!/^[a-z0-9_-]{16,50}$/.test(reference)) return [400, errorBody('Invalid transfer reference', 'invalid_reference')];
    // UNCONFIRMED wording: what Paystack answers for a reused transfer reference.
    if (transfers.has(reference)) return [400, errorBody('Duplicate Transfer Reference', 'duplicate_reference')];
    const t: StandInTransfer = {
      id: book.nextId++,
      reference,
      transferCode: `TRF_${random()}`,
      recipient,
      amount,
      currency: text('currency') ?? 'KES',
      reason: text('reason') ?? null,
      status: book.transferOutcome,
      createdAt: new Date().toISOString(),
    };
    transfers.set(reference, t);
    return [200, { status: true, message: t.status === 'otp' ? 'Transfer requires OTP to continue' : 'Transfer has been queued', data: transferData(book, t) }];
  }
  match = /^\/transfer\/verify\/(.+)$/.exec(path);
  if (method === 'GET' && match) {
    const t = transfers.get(decodeURIComponent(match[1]!));
    if (!t) return notFound(book, 'Transfer');
    return [200, { status: true, message: 'Transfer retrieved', data: transferData(book, t) }];
  }
  if (method === 'POST' && path === '/refund') {
    const reference = text('transaction');
    const t = reference ? transactions.get(reference) : undefined;
    if (!t) return [400, errorBody('Transaction reference not found', 'transaction_not_found')];
    if (t.status !== 'success') return [400, errorBody('Cannot refund a transaction that was not successful', 'invalid_transaction')];
    if (text('currency') && text('currency') !== t.currency) return [400, errorBody('Currency does not match the transaction', 'invalid_currency')];
    const refunded = [...refunds.values()].filter((r) => r.transactionReference === t.reference && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
    const amount = body.amount === undefined ? t.amount - refunded : body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return [400, errorBody('Invalid amount', 'invalid_amount')];
    if (refunded >= t.amount) return [400, errorBody('Transaction has been fully reversed', 'transaction_reversed')];
    if (amount > t.amount - refunded) return [400, errorBody('Refund amount cannot be more than the transaction amount', 'invalid_amount')];
    const r: StandInRefund = { id: book.nextId++, transactionReference: t.reference, amount, currency: t.currency, status: 'pending', merchantNote: text('merchant_note') ?? null, createdAt: new Date().toISOString() };
    refunds.set(String(r.id), r);
    return [200, { status: true, message: 'Refund has been queued for processing', data: refundData(book, r, 'create') }];
  }
  match = /^\/refund\/(\d+)$/.exec(path);
  if (method === 'GET' && match) {
    const r = refunds.get(match[1]!);
    if (!r) return [404, { status: false, message: 'Refund not found' }];
    return [200, { status: true, message: 'Refund retrieved', data: refundData(book, r, 'fetch') }];
  }
  return [404, { status: false, message: 'Entity not found' }];
}
