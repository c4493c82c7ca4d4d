import type { UnpaidOutcome } from '#common/schemas/payments';
import type { PurchaseResult } from './purchase-flow';

/*
 * The purchase dialog's state machine (issue 37): which phase the dialog is in and the events that
 * move it, as one pure reducer. hooks/use-purchase.ts drives it (the calls, timers and focus);
 * keeping the transitions here lets them be tested without rendering the dialog.
 */

/**
 * Issue 16: a payment still under way is asked about again after these waits (back-off), then the
 * dialog stops and offers 'Check again': no spinner that never ends.
 */
export const PENDING_POLL_DELAYS_MS = [3000, 6000, 12000] as const;

/** What Pay (or 'Buy again') asked for: 'Try again' repeats it. */
export interface PurchaseAttempt {
  email: string;
  buyAgain: boolean;
}

export type PurchasePhase =
  /** The form with nothing under way; also what a closed dialog comes back to. */
  | { name: 'editing' }
  /** Pay pressed: configuration and initialization; the form is read-only and Pay spins. */
  | { name: 'preparing' }
  /** The checkout is on screen; the dialog closes DIALOG_CLOSE_DELAY_MS later (spec section 9). */
  | { name: 'checkout' }
  /**
   * Issue 16: the e-mail already owns the item (its link has been e-mailed again); 'Buy again' is
   * a deliberate second purchase for that e-mail (a gift).
   */
  | { name: 'already-owned'; email: string; message: string }
  /** Issue 16: the checkout closed with the payment under way (an M-Pesa prompt on the phone). */
  | { name: 'pending'; reference: string; checking: boolean; polls: number }
  /** Issue 16: the checkout closed and the payment ended unpaid; 'Try again' is a new checkout. */
  | { name: 'unpaid'; outcome: UnpaidOutcome };

/** The phases after the checkout closed that the follow-up panel shows instead of the form. */
export type FollowUpPhase = Extract<PurchasePhase, { name: 'pending' | 'unpaid' }>;

export interface PurchaseState {
  phase: PurchasePhase;
  /** Issue 21: a pay-more item's amount as typed, and why it cannot be paid (an English message). */
  amount: { text: string; error: string | null };
  /** The answer to 'Email me the download link'. */
  resendMessage: string | null;
  /** Kept when the dialog closes: a check answered later can still bring back 'Try again'. */
  lastAttempt: PurchaseAttempt | null;
}

export type PurchaseEvent =
  | { type: 'amount-typed'; text: string }
  | { type: 'amount-refused'; message: string }
  | { type: 'pay-requested'; attempt: PurchaseAttempt }
  | { type: 'try-again' }
  | { type: 'checkout-opened' }
  /** runPurchase's answer for the attempt made with `email`. */
  | { type: 'result-arrived'; result: PurchaseResult; email: string }
  /** One of the automatic checks of a pending payment (PENDING_POLL_DELAYS_MS) begins. */
  | { type: 'poll-tick' }
  /** 'Check again' pressed. */
  | { type: 'check-again' }
  | { type: 'check-answered'; result: PurchaseResult }
  | { type: 'resend-requested' }
  | { type: 'resend-answered'; message: string }
  | { type: 'closed' };

export function initialPurchaseState(amountText: string): PurchaseState {
  return { phase: { name: 'editing' }, amount: { text: amountText, error: null }, resendMessage: null, lastAttempt: null };
}

export const isPaid = (result: PurchaseResult) => result.status === 'downloaded' || result.status === 'download-failed' || result.status === 'already-processed';

export const isFollowUp = (phase: PurchasePhase): phase is FollowUpPhase => phase.name === 'pending' || phase.name === 'unpaid';

/** The wait before the next automatic check of a pending payment; undefined while checking, or once the back-off is spent. */
export function nextPollDelay(phase: PurchasePhase): number | undefined {
  return phase.name === 'pending' && !phase.checking ? PENDING_POLL_DELAYS_MS[phase.polls] : undefined;
}

/** The checkout closed with the payment under way or unpaid: the dialog comes back to say so. */
function followUpOf(result: PurchaseResult): FollowUpPhase | undefined {
  if (result.status === 'pending') return { name: 'pending', reference: result.reference, checking: false, polls: 0 };
  if (result.status === 'unpaid') return { name: 'unpaid', outcome: result.outcome };
  return undefined;
}

/** Closing forgets what the dialog said; a payment still being prepared keeps going (its result ends it). */
function closed(state: PurchaseState): PurchaseState {
  return { ...state, phase: state.phase.name === 'preparing' ? state.phase : { name: 'editing' }, resendMessage: null };
}

const editing = { name: 'editing' } as const;

export function purchaseReducer(state: PurchaseState, event: PurchaseEvent): PurchaseState {
  const { phase } = state;
  switch (event.type) {
    case 'amount-typed':
      return { ...state, amount: { text: event.text, error: null } };
    case 'amount-refused':
      return { ...state, amount: { ...state.amount, error: event.message } };
    case 'pay-requested':
      return { ...state, phase: { name: 'preparing' }, amount: { ...state.amount, error: null }, lastAttempt: event.attempt };
    case 'try-again':
      // Without an attempt to repeat (none was made) the form comes back.
      return state.lastAttempt ? { ...state, phase: { name: 'preparing' }, amount: { ...state.amount, error: null } } : { ...state, phase: editing };
    case 'checkout-opened':
      return phase.name === 'preparing' ? { ...state, phase: { name: 'checkout' } } : state;
    case 'result-arrived': {
      const { result } = event;
      const followUp = followUpOf(result);
      if (followUp) return { ...state, phase: followUp };
      if (result.status === 'already-owned') return { ...state, phase: { name: 'already-owned', email: event.email, message: result.message } };
      const amountError = result.status === 'not-started' ? result.fieldErrors?.amount : undefined;
      return {
        ...state,
        // Paid, cancelled or not started: the form again (a closed dialog stays closed).
        phase: phase.name === 'preparing' || phase.name === 'checkout' ? editing : phase,
        amount: amountError ? { ...state.amount, error: amountError } : state.amount,
      };
    }
    case 'poll-tick':
      return phase.name === 'pending' ? { ...state, phase: { ...phase, checking: true, polls: phase.polls + 1 } } : state;
    case 'check-again':
      return phase.name === 'pending' ? { ...state, phase: { ...phase, checking: true } } : state;
    case 'check-answered': {
      const { result } = event;
      // Paid: the dialog closes and focus goes to the Download that replaces Buy.
      if (isPaid(result)) return closed(state);
      // Unpaid whatever the phase, as the dialog always did: closed meanwhile, it says so when it opens again.
      if (result.status === 'unpaid') return { ...state, phase: { name: 'unpaid', outcome: result.outcome } };
      // Still under way (or the check itself failed, already said): keep waiting.
      return phase.name === 'pending' ? { ...state, phase: { ...phase, checking: false } } : state;
    }
    case 'resend-requested':
      return { ...state, resendMessage: null };
    case 'resend-answered':
      return { ...state, resendMessage: event.message };
    case 'closed':
      return closed(state);
  }
}
