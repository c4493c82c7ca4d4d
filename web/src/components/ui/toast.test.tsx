import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { Toaster } from './toaster';
import { preloadToaster, ToasterOnDemand } from './toaster-on-demand';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from './toast';
import {
  subscribeToToasts,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  toast,
  toastReducer,
  type ToasterToast,
  type ToastState,
} from './use-toast';

const item = (id: string): ToasterToast => ({ id, title: id, open: true });

describe('toast store (spec section 9)', () => {
  it('holds at most one toast: the newest', () => {
    expect(TOAST_LIMIT).toBe(1);
    let state = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: item('first') });
    state = toastReducer(state, { type: 'ADD_TOAST', toast: item('second') });
    expect(state.toasts.map((t) => t.id)).toEqual(['second']);
  });

  it('closes a dismissed toast and deletes it from the store after 1,000,000 ms', () => {
    vi.useFakeTimers();
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    let current: ToastState = { toasts: [] };
    const unsubscribe = subscribeToToasts((state) => (current = state));
    toast({ title: 'Saved' }).dismiss();
    expect(current.toasts).toMatchObject([{ title: 'Saved', open: false }]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(current.toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(current.toasts).toHaveLength(0);
    unsubscribe();
  });

  it('uses the spec numbers: 5000 ms, swipe right past 50 px, F8, 420 px wide', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(TOAST_HOTKEY).toEqual(['F8']);
    render(<Toaster />);
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region.querySelector('ol')?.className).toContain('md:max-w-[420px]');
  });

  it('hides a toast after 5000 ms', async () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Link copied!' });
    });
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(within(region).getByText('Link copied!')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(TOAST_DURATION_MS - 10));
    expect(within(region).queryByText('Link copied!')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(within(region).queryByText('Link copied!')).toBeNull();
  });

  it('shows a destructive toast in the destructive style', () => {
    render(<Toaster />);
    act(() => {
      toast({ variant: 'destructive', title: 'Login failed', description: 'Invalid email or password' });
    });
    const li = screen.getByText('Login failed').closest('li');
    expect(li?.className).toContain('destructive');
    expect(within(li!).getByText('Invalid email or password')).toBeVisible();
  });

  it('mounts the toast area when a screen asks for it', async () => {
    render(<ToasterOnDemand />);
    expect(screen.queryByRole('region', { name: 'Notifications (F8)' })).toBeNull();
    act(() => preloadToaster());
    expect(await screen.findByRole('region', { name: 'Notifications (F8)' })).toBeVisible();
  });

  it('loads the toast area with the first toast', async () => {
    render(<ToasterOnDemand />);
    expect(screen.queryByRole('region', { name: 'Notifications (F8)' })).toBeNull();
    act(() => {
      toast({ title: 'Hello' });
    });
    expect(await screen.findByText('Hello')).toBeVisible();
  });
});
