import { createContext, useContext, type ReactNode } from 'react';

/** What fills a slot: one feature's component, drawn with the props the page gives. */
export type RenderSlot<P> = (props: P) => ReactNode;

/**
 * A place in one feature's page that another feature fills (the Buy button, the Follow button).
 * Features do not import each other, so web/src/app hands the real component in through the
 * slot's Provider. Without a provider (a page rendered on its own in a test) the slot draws
 * nothing. The same markup on the server and in the browser: it is only a context read.
 */
export function createSlot<P>(name: string) {
  const Context = createContext<RenderSlot<P>>(() => null);
  function Slot(props: P) {
    return useContext(Context)(props);
  }
  // React's warnings and dev tools name the slot, not 'Slot'.
  Slot.displayName = name;
  return { Provider: Context.Provider, Slot };
}
