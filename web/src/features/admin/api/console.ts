import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsolePayout, ConsoleSale } from '#common/schemas/console';
import type { AdminReport } from '#common/schemas/reports';
import { apiJson } from '@/lib/api';

/** The console's reports, refunds and payouts (decision 059). Nothing here is kept once the page is left. */
const REPORTS_KEY = ['/api/admin/reports'] as const;
const PAYOUTS_KEY = ['/api/admin/payouts'] as const;
const AUDIT_KEY = ['/api/admin/audit'] as const;

export function useReports(status: 'open' | 'actioned' | 'dismissed') {
  return useQuery({
    queryKey: [...REPORTS_KEY, status],
    gcTime: 0,
    queryFn: ({ signal }) => apiJson<{ reports: AdminReport[] }>('GET', `/api/admin/reports?status=${status}`, undefined, { signal }),
  });
}

/** Acts on a report (with a note saying what was done) or dismisses it. */
export function useCloseReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind, note }: { id: string; kind: 'action' | 'dismiss'; note?: string }) =>
      apiJson<void>('POST', `/api/admin/reports/${id}/${kind}`, { note: note?.trim() || undefined }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: REPORTS_KEY });
      void client.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}

export function useSaleSearch(q: string) {
  return useQuery({
    queryKey: ['/api/admin/sales', q],
    gcTime: 0,
    enabled: q !== '',
    queryFn: ({ signal }) => apiJson<{ sales: ConsoleSale[] }>('GET', `/api/admin/sales?q=${encodeURIComponent(q)}`, undefined, { signal }),
  });
}

export function useRefund() {
  const client = useQueryClient();
  return useMutation({
    /** `amount`: KES as typed, a part of the sale (decision 066); empty, all that is left. The server parses and checks it. */
    mutationFn: ({ reference, reason, amount }: { reference: string; reason: string; amount?: string }) =>
      apiJson<{ reference: string; amount: number; status: string }>('POST', `/api/admin/sales/${encodeURIComponent(reference)}/refund`, {
        reason,
        ...(amount?.trim() ? { amount: amount.trim() } : {}),
      }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['/api/admin/sales'] });
      void client.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}

export function usePayouts() {
  return useQuery({ queryKey: PAYOUTS_KEY, gcTime: 0, queryFn: ({ signal }) => apiJson<{ payouts: ConsolePayout[] }>('GET', '/api/admin/payouts', undefined, { signal }) });
}

export function useRetryPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reference, reason }: { reference: string; reason?: string }) =>
      apiJson<{ reference: string; status: string; newReference: string | null }>('POST', `/api/admin/payouts/${encodeURIComponent(reference)}/retry`, {
        reason: reason?.trim() || undefined,
      }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: PAYOUTS_KEY });
      void client.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}
