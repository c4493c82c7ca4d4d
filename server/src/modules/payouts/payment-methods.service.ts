import { PLATFORM_PERCENT, toLocalMobile } from '#common/payments';
import type { Bank, PaymentMethod } from '#common/schemas/payments';
import { isUniqueViolation } from '../../db/errors';
import { AppError, fieldError } from '../../lib/errors';
import { ProviderError } from '../payment-provider';
import { deleteMethod, findArtist, findMethodById, findMethodOf, hasMoneyInFlight, insertMethod, type PaymentMethodRow } from './payment-methods.repo';
import type { PayoutsDeps } from './payouts-context';

function toPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    type: row.type === 'bank' ? 'bank' : 'mobile_money',
    bankName: row.bankName,
    accountName: row.accountName,
    accountNumber: row.accountNumber,
    mobileNumber: row.mobileNumber,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A provider failure as the artist hears it: try again later (502), or the details were refused (400). */
function providerFailure(error: unknown): never {
  if (error instanceof ProviderError) {
    if (error.kind === 'refused') throw new AppError('payment-provider.refused', error.message.trim() || undefined);
    throw new AppError('payment-provider.unavailable');
  }
  throw error;
}

/**
 * The artist's one payout method (spec sections 3-5): a Kenyan bank account, through a Paystack
 * subaccount that keeps the platform's 10% of each sale, or an M-Pesa number, a transfer
 * recipient that payouts go to.
 */
export class PaymentMethodsService {
  constructor(private readonly deps: PayoutsDeps) {}

  /** Paystack's Kenyan banks (type kepss, active), by name; the provider keeps the list an hour. */
  async banks(): Promise<Bank[]> {
    let banks;
    try {
      banks = await this.deps.provider().listBanks();
    } catch (error) {
      this.deps.log.warn({ err: error }, 'could not load the bank list from the payment provider');
      throw new AppError('payment-provider.banks-unavailable');
    }
    return banks
      .filter((bank) => bank.type === 'kepss' && bank.active)
      .map((bank) => ({ name: bank.name, code: bank.code }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }

  async list(userId: string): Promise<PaymentMethod[]> {
    const method = await findMethodOf(this.deps.db(), userId);
    return method ? [toPaymentMethod(method)] : [];
  }

  /**
   * Adds a bank method: the bank must be on the provider's list (by its code, else its exact
   * name); the provider's subaccount is created first, and only then the row.
   */
  async addBank(userId: string, input: { bankName: string; bankCode?: string; accountName: string; accountNumber: string }): Promise<PaymentMethod> {
    await this.refuseSecond(userId);
    const banks = await this.banks();
    const bank = input.bankCode ? banks.find((candidate) => candidate.code === input.bankCode) : banks.find((candidate) => candidate.name === input.bankName);
    if (!bank) throw fieldError('payment-method.bank-unknown', 'bankName');
    const artist = await this.artist(userId);
    let subaccount;
    try {
      subaccount = await this.deps.provider().createSubaccount({
        businessName: artist.displayName || input.accountName,
        bankCode: bank.code,
        accountNumber: input.accountNumber,
        percentageCharge: PLATFORM_PERCENT,
        description: `Sauti sales of ${artist.displayName}`,
        primaryContactEmail: artist.email,
      });
    } catch (error) {
      providerFailure(error);
    }
    return this.store({
      userId,
      type: 'bank',
      bankName: bank.name,
      bankCode: bank.code,
      accountName: input.accountName,
      accountNumber: input.accountNumber,
      subaccountCode: subaccount.subaccountCode,
    });
  }

  /** Adds an M-Pesa method (a normalised +254 Safaricom number): a transfer recipient first, then the row. */
  async addMobileMoney(userId: string, mobileNumber: string): Promise<PaymentMethod> {
    await this.refuseSecond(userId);
    const artist = await this.artist(userId);
    let recipient;
    try {
      recipient = await this.deps.provider().createTransferRecipient({ name: artist.displayName, accountNumber: toLocalMobile(mobileNumber), bankCode: 'MPESA' });
    } catch (error) {
      providerFailure(error);
    }
    return this.store({ userId, type: 'mobile_money', mobileNumber, recipientCode: recipient.recipientCode });
  }

  /**
   * Removes the artist's method. While money is owed to them or in flight (hasMoneyInFlight) it
   * refuses unless forced; forced, the row goes and the balance stays on record (it is computed
   * from the ledger and the payouts), paid to their next M-Pesa method.
   */
  async remove(userId: string, id: string, force: boolean): Promise<void> {
    const db = this.deps.db();
    const method = await findMethodById(db, id);
    if (!method || method.userId !== userId) throw new AppError('payment-method.not-found');
    if (!force && (await hasMoneyInFlight(db, userId))) {
      throw new AppError('payment-method.pending-transactions', undefined, { hasPendingTransactions: true });
    }
    if (!(await deleteMethod(db, userId, id))) throw new AppError('payment-method.not-found');
    this.deps.events.emit('payout-method.changed', { userId });
  }

  private async refuseSecond(userId: string) {
    if (await findMethodOf(this.deps.db(), userId)) throw new AppError('payment-method.one-only');
  }

  private async artist(userId: string) {
    const artist = await findArtist(this.deps.db(), userId);
    if (!artist) throw new AppError('auth.required');
    return artist;
  }

  /**
   * The insert after the provider call: two requests racing past the first check both reach it,
   * and the unique index on user_id lets one in; the other hears "one method only", like a
   * sequential second add. (Its subaccount or recipient stays unused at the provider: harmless.)
   */
  private async store(values: Parameters<typeof insertMethod>[1]): Promise<PaymentMethod> {
    try {
      const method = toPaymentMethod(await insertMethod(this.deps.db(), values));
      this.deps.events.emit('payout-method.changed', { userId: values.userId });
      return method;
    } catch (error) {
      if (isUniqueViolation(error, 'payment_methods_user_id_key')) throw new AppError('payment-method.one-only');
      throw error;
    }
  }
}
