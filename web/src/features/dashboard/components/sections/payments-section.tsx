import { WalletIcon } from 'lucide-react';
import type { DashboardSectionProps } from '../../sections';
import { SectionPlaceholder } from '../section-placeholder';

export function PaymentsSection(_props: DashboardSectionProps) {
  return (
    <SectionPlaceholder
      icon={WalletIcon}
      title="Payments"
      description="Where your earnings go: you receive 90% of every sale. Adding a payout method is not open yet."
      upcoming={[
        'Add one payout method: an M-Pesa number or a bank account',
        'Remove or replace your payout method',
      ]}
    />
  );
}
