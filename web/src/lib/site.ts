/** Facts about the site shown on public pages. The contact address can be set at build time. */
export const SITE_NAME = 'Sauti';
export const CONTACT_EMAIL: string = import.meta.env.VITE_CONTACT_EMAIL || 'support@sauti.co.ke';
