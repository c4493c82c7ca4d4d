import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from '@/app/app';
import { queryClient } from '@/lib/query-client';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A public page rendered by the server carries its markup and the data it was made from: take
// both over instead of painting again (web/src/entry-server.tsx).
const serverState = document.getElementById('sauti-state');
if (serverState?.textContent && root.hasChildNodes()) {
  hydrate(queryClient, JSON.parse(serverState.textContent));
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
