import { describe, expect, it } from 'vitest';
import { PENDING_POLL_DELAYS_MS, initialPurchaseState, nextPollDelay, purchaseReducer, type PurchaseEvent, type PurchaseState } from './purchase-state';

const attempt = { email: 'fan@example.com', buyAgain: false };

/** The state after `events`, from a fresh dialog with `80.00` in the amount box. */
const after = (events: PurchaseEvent[], from: PurchaseState = initialPurchaseState('80.00')) => events.reduce(purchaseReducer, from);

const paying: PurchaseEvent[] = [{ type: 'pay-requested', attempt }];
const pendingResult: PurchaseEvent = { type: 'result-arrived', result: { status: 'pending', reference: 'ref-1' }, email: attempt.email };
const stillPending: PurchaseEvent = { type: 'check-answered', result: { status: 'pending', reference: 'ref-1' } };

describe('the purchase dialog state machine (issue 37)', () => {
  it('starts on the form with the amount prefilled, and Pay prepares the attempt', () => {
    const start = initialPurchaseState('80.00');
    expect(start).toEqual({ phase: { name: 'editing' }, amount: { text: '80.00', error: null }, resendMessage: null, lastAttempt: null });
    expect(after(paying)).toMatchObject({ phase: { name: 'preparing' }, lastAttempt: attempt });
  });

  it('goes from preparing to the checkout, and back to the form once the result is in', () => {
    const open = after([...paying, { type: 'checkout-opened' }]);
    expect(open.phase).toEqual({ name: 'checkout' });
    const done = purchaseReducer(open, { type: 'result-arrived', result: { status: 'downloaded', reference: 'ref-1' }, email: attempt.email });
    expect(done.phase).toEqual({ name: 'editing' });
  });

  it("a refused amount shows at the field, typing clears it, and the server's amount message lands there too", () => {
    const refused = after([{ type: 'amount-refused', message: 'too little' }]);
    expect(refused.amount).toEqual({ text: '80.00', error: 'too little' });
    expect(purchaseReducer(refused, { type: 'amount-typed', text: '90' }).amount).toEqual({ text: '90', error: null });
    const server = after([...paying, { type: 'result-arrived', result: { status: 'not-started', fieldErrors: { amount: 'from server' } }, email: attempt.email }]);
    expect(server).toMatchObject({ phase: { name: 'editing' }, amount: { error: 'from server' } });
  });

  it("an e-mail that owns the item: 'already owned' with that e-mail and the server's message", () => {
    const owned = after([...paying, { type: 'result-arrived', result: { status: 'already-owned', message: 'You own it' }, email: attempt.email }]);
    expect(owned.phase).toEqual({ name: 'already-owned', email: attempt.email, message: 'You own it' });
    // 'Buy again' is a new attempt: preparing, and the notice goes.
    const again = purchaseReducer(owned, { type: 'pay-requested', attempt: { email: attempt.email, buyAgain: true } });
    expect(again).toMatchObject({ phase: { name: 'preparing' }, lastAttempt: { buyAgain: true } });
  });

  it('a pending result starts polling; each poll counts, and after the last delay it stops and offers Check again', () => {
    let state = after([...paying, { type: 'checkout-opened' }, pendingResult]);
    expect(state.phase).toEqual({ name: 'pending', reference: 'ref-1', checking: false, polls: 0 });
    for (const delay of PENDING_POLL_DELAYS_MS) {
      expect(nextPollDelay(state.phase)).toBe(delay);
      state = purchaseReducer(state, { type: 'poll-tick' });
      expect(state.phase).toMatchObject({ checking: true });
      // No second poll is due while one is asking.
      expect(nextPollDelay(state.phase)).toBeUndefined();
      state = purchaseReducer(state, stillPending);
    }
    expect(state.phase).toEqual({ name: 'pending', reference: 'ref-1', checking: false, polls: PENDING_POLL_DELAYS_MS.length });
    expect(nextPollDelay(state.phase)).toBeUndefined();

    // 'Check again' asks by hand without spending a poll.
    const checking = purchaseReducer(state, { type: 'check-again' });
    expect(checking.phase).toMatchObject({ checking: true, polls: PENDING_POLL_DELAYS_MS.length });
    expect(purchaseReducer(checking, stillPending).phase).toMatchObject({ checking: false });
  });

  it('a failed check keeps waiting; a paid one closes the dialog; an unpaid one offers Try again', () => {
    const checking = after([...paying, pendingResult, { type: 'poll-tick' }]);
    expect(purchaseReducer(checking, { type: 'check-answered', result: { status: 'verification-failed' } }).phase).toEqual({
      name: 'pending',
      reference: 'ref-1',
      checking: false,
      polls: 1,
    });
    expect(purchaseReducer(checking, { type: 'check-answered', result: { status: 'downloaded', reference: 'ref-1' } }).phase).toEqual({ name: 'editing' });
    expect(purchaseReducer(checking, { type: 'check-answered', result: { status: 'unpaid', reference: 'ref-1', outcome: 'expired' } }).phase).toEqual({
      name: 'unpaid',
      outcome: 'expired',
    });
  });

  it('unpaid → Try again returns to preparing with the last attempt', () => {
    const unpaid = after([...paying, { type: 'result-arrived', result: { status: 'unpaid', reference: 'ref-1', outcome: 'declined' }, email: attempt.email }]);
    expect(unpaid.phase).toEqual({ name: 'unpaid', outcome: 'declined' });
    expect(purchaseReducer(unpaid, { type: 'try-again' })).toMatchObject({ phase: { name: 'preparing' }, lastAttempt: attempt });
    // With nothing to repeat, the form comes back.
    expect(after([{ type: 'try-again' }]).phase).toEqual({ name: 'editing' });
  });

  it('closing resets the phase and the resend message, keeping the amount typed and the last attempt', () => {
    const said = after([{ type: 'amount-typed', text: '120' }, { type: 'resend-answered', message: 'Sent' }, ...paying, pendingResult]);
    expect(said.resendMessage).toBe('Sent');
    expect(purchaseReducer(said, { type: 'closed' })).toEqual({
      phase: { name: 'editing' },
      amount: { text: '120', error: null },
      resendMessage: null,
      lastAttempt: attempt,
    });
    for (const phase of [{ name: 'checkout' }, { name: 'already-owned', email: 'a@b.c', message: 'm' }, { name: 'unpaid', outcome: 'cancelled' }] as const) {
      expect(purchaseReducer({ ...said, phase }, { type: 'closed' }).phase).toEqual({ name: 'editing' });
    }
    // The checkout's result after the dialog closed: pending brings it back, paid leaves it closed.
    const closed = after([...paying, { type: 'checkout-opened' }, { type: 'closed' }]);
    expect(purchaseReducer(closed, pendingResult).phase).toMatchObject({ name: 'pending', polls: 0 });
    expect(purchaseReducer(closed, { type: 'result-arrived', result: { status: 'downloaded', reference: 'ref-1' }, email: attempt.email }).phase).toEqual({ name: 'editing' });
  });

  it('a payment being prepared is not forgotten by a close: its result ends it', () => {
    expect(after([...paying, { type: 'closed' }]).phase).toEqual({ name: 'preparing' });
  });

  it('asking for the link again clears the last answer until the new one comes', () => {
    const said = after([{ type: 'resend-answered', message: 'Sent' }]);
    expect(purchaseReducer(said, { type: 'resend-requested' }).resendMessage).toBeNull();
  });
});
