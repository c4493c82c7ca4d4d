import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { chooseLanguage } from '#common/i18n/language';
import { App } from '@/app/app';
import { createTranslator, I18N_SCRIPT_ID, I18nProvider, loadCatalogue, type PageI18n, type Translator } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const app = (translator: Translator) => (
  <StrictMode>
    <I18nProvider translator={translator}>
      <App />
    </I18nProvider>
  </StrictMode>
);

// A public page rendered by the server carries its markup, the data it was made from and its
// language's messages: take all three over instead of painting again (web/src/entry-server.tsx),
// so the page never shows a word of the other language.
const serverState = document.getElementById('sauti-state');
const serverI18n = document.getElementById(I18N_SCRIPT_ID);
if (serverState?.textContent && serverI18n?.textContent && root.hasChildNodes()) {
  const { language, messages } = JSON.parse(serverI18n.textContent) as PageI18n;
  hydrate(queryClient, JSON.parse(serverState.textContent));
  hydrateRoot(root, app(createTranslator(language, messages)));
} else {
  // Painted here: the same rule as the server's (decision 049), with the browser's languages.
  const language = chooseLanguage({
    query: new URLSearchParams(window.location.search).get('lang'),
    cookie: document.cookie,
    acceptLanguage: navigator.languages?.join(',') ?? navigator.language,
  });
  document.documentElement.lang = language;
  void loadCatalogue(language).then((messages) => createRoot(root).render(app(createTranslator(language, messages))));
}
