import { lazy, Suspense, useEffect, useState } from 'react';
import { subscribeToToasts } from './use-toast';

const loadToaster = () => import('./toaster');
const Toaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

let wanted = false;
const wantedListeners = new Set<() => void>();

function want() {
  if (wanted) return;
  wanted = true;
  wantedListeners.forEach((listener) => listener());
}

/**
 * Mounts the toast area now. Screens that are likely to toast (sign-in, the dashboard) call it on
 * mount, so their first toast shows without a fetch and F8 reaches the area from the start.
 */
export function preloadToaster() {
  void loadToaster();
  want();
}

/**
 * The toast area, loaded when a screen asks for it or with the first toast: public pages rarely
 * show one, and the Radix toast code is not worth its bytes on a fan's first visit. Once mounted
 * it stays.
 */
export function ToasterOnDemand() {
  const [mounted, setMounted] = useState(wanted);
  useEffect(() => {
    if (mounted) return;
    const show = () => setMounted(true);
    wantedListeners.add(show);
    const unsubscribe = subscribeToToasts((state) => {
      if (state.toasts.length > 0) want();
    });
    if (wanted) show();
    return () => {
      wantedListeners.delete(show);
      unsubscribe();
    };
  }, [mounted]);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** Test helper: back to "not wanted yet". */
export function resetToasterOnDemandForTests() {
  wanted = false;
}
