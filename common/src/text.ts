/**
 * Names people type (display names, track, artist and album names) as we store and show them:
 * control characters (a pasted line break, a NUL that PostgreSQL cannot store) become spaces, and
 * bidirectional overrides and isolates are dropped, so a name cannot display reversed or swallow
 * the text around it ("\u202Ewav.exe" showing as "exe.vaw"). Letters, emoji and joiners stay.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069\ufeff]/g;

export function cleanName(value: string): string {
  return value.replace(BIDI_CONTROL, '').replace(CONTROL, ' ');
}
