import type { ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

/** Renders `ui` (the whole app by default) at `path` with a fresh query cache and an in-memory router. */
export function renderApp(path = '/', ui: ReactElement = <AppRoutes />) {
  const [pathname = '/', search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const queryClient = createQueryClient();
  const result = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProviders queryClient={queryClient}>{ui}</AppProviders>
    </Router>,
  );
  return {
    ...result,
    queryClient,
    history: location.history,
    /** The current path (and search) of the in-memory router. */
    currentPath: () => location.history.at(-1),
  };
}

/** The toast whose title is `title` (Radix renders each toast as an <li> in the notifications region). */
export async function findToast(title: string): Promise<HTMLElement> {
  const region = await screen.findByRole('region', { name: /Notifications/ });
  const heading = await within(region).findByText(title);
  const toast = heading.closest('li');
  if (!toast) throw new Error(`The toast "${title}" is not inside a toast item`);
  return toast;
}
