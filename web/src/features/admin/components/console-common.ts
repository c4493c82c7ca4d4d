import { useQueryClient } from '@tanstack/react-query';
import { hasErrorCode } from '@/lib/api';
import { ADMIN_STATUS_KEY } from '../api/admin';

/** Helpers every tab of the console shares (decisions 051, 058, 059). */

/** "26 Nov 2026, 14:05 UTC": the same on every device. */
export function utcTime(iso: string): string {
  const date = new Date(iso);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const hh = String(date.getUTCHours()).padStart(2, '0');
  const mm = String(date.getUTCMinutes()).padStart(2, '0');
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${hh}:${mm} UTC`;
}

/** An action refused for a stale second factor sends the operator back to the verify screen. */
export function useStaleSecondFactor() {
  const client = useQueryClient();
  return (error: unknown) => {
    if (hasErrorCode(error, 'admin.second-factor-required', 'admin.forbidden')) void client.invalidateQueries({ queryKey: ADMIN_STATUS_KEY });
  };
}
