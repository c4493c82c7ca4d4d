import { WalletIcon } from 'lucide-react';
import { SectionPlaceholder } from '@/components/section-placeholder';

/** The dashboard's Payments section: where the artist's earnings go. */
export function PaymentsSection() {
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
