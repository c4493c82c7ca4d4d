export interface StandInTransaction {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  amount: number;
  /** What initialize asked for (amount may be changed by payTransaction). */
  requestedAmount: number;
  currency: string;
  status: string;
  channel: string | null;
  paidAt: string | null;
  createdAt: string;
  callbackUrl: string | null;
  channels: string[] | null;
  metadata: unknown;
  subaccount: string | null;
  bearer: string | null;
  transactionCharge: number | null;
  fees: number | null;
}

export interface StandInTransfer {
  id: number;
  reference: string;
  transferCode: string;
  recipient: string;
  amount: number;
  currency: string;
  reason: string | null;
  status: string;
  createdAt: string;
}

export interface StandInRefund {
  id: number;
  transactionReference: string;
  amount: number;
  currency: string;
  status: string;
  merchantNote: string | null;
  createdAt: string;
}

/** What the Paystack stand-in holds in memory: its accounts, payments, transfers and refunds, and how it answers. */
export interface StandInBook {
  transactions: Map<string, StandInTransaction>;
  transfers: Map<string, StandInTransfer>;
  subaccounts: Map<string, Record<string, unknown>>;
  recipients: Map<string, Record<string, unknown>>;
  refunds: Map<string, StandInRefund>;
  /** What new transfers answer on POST /transfer. */
  transferOutcome: string;
  /** 404 "Entity not found" (the API description) or 400 "... reference not found" (live Paystack). */
  unknownReferenceStyle: '404' | '400';
  nextId: number;
}

export function newStandInBook(): StandInBook {
  return {
    transactions: new Map(),
    transfers: new Map(),
    subaccounts: new Map(),
    recipients: new Map(),
    refunds: new Map(),
    transferOutcome: 'pending',
    unknownReferenceStyle: '400',
    nextId: 1,
  };
}
