import type * as React from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToasterOnDemand } from '@/components/ui/toaster-on-demand';
import { AppPlayer } from './player';
import { AppFollow } from './follow';
import { AppPurchase } from './purchase';

/**
 * What every screen relies on: the query cache, the one audio player, the Buy button of priced
 * items and the toast area.
 * Tooltips bring their own provider (components/ui/tooltip) where they are used, so their
 * positioning code stays off the public pages.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppPlayer queryClient={queryClient}>
        <AppPurchase>
          <AppFollow>{children}</AppFollow>
        </AppPurchase>
      </AppPlayer>
      <ToasterOnDemand />
    </QueryClientProvider>
  );
}
