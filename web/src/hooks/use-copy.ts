import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: the copy confirmation shows for 2 s. */
export const COPIED_CONFIRMATION_MS = 2000;

/**
 * Copy to the clipboard, the one way every Copy button does it: `copy` resolves true once the
 * clipboard has the text (false when the browser refuses or has none), and `copied` is then true
 * for 2 seconds, for the button's 'Copied!'. The caller says what happened (its own toasts).
 */
export function useCopy(): { copied: boolean; copy: (text: string) => Promise<boolean> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string) => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(text);
    } catch {
      return false;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_CONFIRMATION_MS);
    return true;
  }, []);
  return { copied, copy };
}
