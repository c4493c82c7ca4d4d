/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The contact address in the site footer (optional; a default is built in). */
  readonly VITE_CONTACT_EMAIL?: string;
}
