import { lazy, Suspense, useEffect, useState } from 'react';
import { subscribeToToasts } from './use-toast';

const loadToaster = () => import('./toaster');
const Toaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

let preloaded = false;
/** Fetches the toast UI ahead of need (screens that are likely to toast call it on mount). */
export function preloadToaster() {
  if (preloaded) return;
  preloaded = true;
  void loadToaster();
}

/**
 * The toast area, loaded with the first toast: public pages rarely show one, and the Radix toast
 * code is not worth its bytes on a fan's first visit. Once mounted it stays (F8 then works).
 */
export function ToasterOnDemand() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    return subscribeToToasts((state) => {
      if (state.toasts.length > 0) setWanted(true);
    });
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
