import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { toast, type Toast } from '@/components/ui/use-toast';

/** The toasts the auth screens raised and have not taken back yet (their dismiss handles, by id). */
const raised = new Map<string, () => void>();

/**
 * A toast of the auth screens ('Login failed', 'Registration failed'): the same toast, but
 * remembered, so it can be taken back when the artist moves on (useDismissAuthToastsOnLeave).
 */
export function authToast(props: Toast) {
  const handle = toast(props);
  raised.set(handle.id, handle.dismiss);
  return handle;
}

/** Closes every toast the auth screens raised. */
export function dismissAuthToasts() {
  for (const dismiss of raised.values()) dismiss();
  raised.clear();
}

/**
 * A failure told on /auth is about that form: once the route changes (signed in and on the
 * dashboard, or anywhere else) or the form goes away, its toast must not linger there, over the
 * buttons of a row.
 */
export function useDismissAuthToastsOnLeave() {
  const [location] = useLocation();
  useEffect(() => () => dismissAuthToasts(), [location]);
}
