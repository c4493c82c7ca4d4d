import { lazy, Suspense, useEffect, useState } from 'react';
import { subscribeToToasts } from './use-toast';

const loadToaster = () => import('./toaster');
const Toaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

let wanted = false;
const wantedListeners = new Set<() => void>();
/** F8 was pressed before the toast area existed: press it again for the area once it is there. */
let replayF8 = false;
const isF8 = (event: KeyboardEvent) => event.code === 'F8' || event.key === 'F8';

function want() {
  if (wanted) return;
  wanted = true;
  wantedListeners.forEach((listener) => listener());
}

// F8 focuses the notification area (spec section 9) on every page, also before any toast. The
// listener is registered when this module is evaluated, not in an effect, so a press between the
// script running and React's first commit is not lost.
function onF8BeforeToaster(event: KeyboardEvent) {
  if (!isF8(event)) return;
  window.removeEventListener('keydown', onF8BeforeToaster);
  replayF8 = true;
  want();
}
if (typeof window !== 'undefined') window.addEventListener('keydown', onF8BeforeToaster);

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
      <ReplayF8 />
    </Suspense>
  );
}

/** Rendered after the toast area, so its effect runs once the area listens for F8 itself. */
function ReplayF8() {
  useEffect(() => {
    if (!replayF8) return;
    replayF8 = false;
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8', code: 'F8', bubbles: true }));
  }, []);
  return null;
}

/** Test helper: back to "not wanted yet". */
export function resetToasterOnDemandForTests() {
  wanted = false;
  replayF8 = false;
  window.removeEventListener('keydown', onF8BeforeToaster);
  window.addEventListener('keydown', onF8BeforeToaster);
}
