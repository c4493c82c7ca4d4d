/**
 * @paystack/inline-js ships no types. Declared here is the part Sauti uses: the popup resumes a
 * transaction the server initialized (PAYSTACK.md, "Take a payment").
 */
declare module '@paystack/inline-js' {
  export interface PaystackTransaction {
    id?: number | string;
    reference: string;
    message?: string;
    status?: string;
  }

  export interface PaystackResumeCallbacks {
    onSuccess?: (transaction: PaystackTransaction) => void;
    onCancel?: () => void;
    onLoad?: (response: unknown) => void;
    onError?: (error: { message?: string } | undefined) => void;
  }

  export default class PaystackPop {
    constructor();
    resumeTransaction(accessCode: string, callbacks?: PaystackResumeCallbacks): unknown;
    cancelTransaction(idOrTransaction?: unknown): void;
  }
}
