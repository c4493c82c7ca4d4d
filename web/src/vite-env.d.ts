/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The contact address in the site footer (optional; a default is built in). */
  readonly VITE_CONTACT_EMAIL?: string;
}

/** A message catalogue compiled at build time (vite.config.ts, decision 049). */
declare module '*.json?icu' {
  import type { CompiledCatalogue } from '#common/i18n/format';
  const catalogue: CompiledCatalogue;
  export default catalogue;
}
