import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * A table's header row: one column header a label, muted, the first columns left and the figures
 * (from `rightFrom` on) right-aligned above their numbers. The dashboard's tables and the fee table
 * share it, so their headers read alike.
 */
export function ColumnHeads({ labels, cellClassName, rightFrom = 1 }: { labels: readonly ReactNode[]; cellClassName: string; rightFrom?: number }) {
  return (
    <tr className="border-b text-left text-muted-foreground">
      {labels.map((label, index) => (
        <th key={index} scope="col" className={cn(cellClassName, index >= rightFrom && 'text-right', 'font-medium')}>
          {label}
        </th>
      ))}
    </tr>
  );
}
