import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/** False while rendering on the server and while hydrating what it sent; true in the browser afterwards. */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
