import type { ComponentType } from 'react';
import type { AppMessageKey } from '@/lib/i18n';
import { useQuery } from '@tanstack/react-query';
import { BarChart3Icon, MusicIcon, TicketIcon, UserRoundIcon, WalletIcon, type LucideIcon } from 'lucide-react';
import { AnalyticsSection } from '@/features/analytics/components/analytics-section';
import { CodesSection } from '@/features/codes/components/codes-section';
import { MyMusicSection } from '@/features/my-music/components/my-music-section';
import { paymentMethodsQuery, useHasPaymentMethod } from '@/features/payouts/api/payment-methods-api';
import { PaymentsSection } from '@/features/payouts/components/payments-section';
import { ProfileSection } from '@/features/profile/components/profile-section';

export type DashboardSectionId = 'my-music' | 'profile' | 'payments' | 'analytics' | 'codes';

export interface DashboardSectionProps {
  /** Switch to another section (the onboarding checklist's links use it). */
  goTo: (section: DashboardSectionId) => void;
}

export interface DashboardSection {
  id: DashboardSectionId;
  /** Its name in the catalogue (the spec's words in English). */
  labelKey: AppMessageKey;
  icon: LucideIcon;
  Component: ComponentType<DashboardSectionProps>;
}

/**
 * My Music with what it needs of the other sections: whether a payment method exists (the
 * payouts feature knows), whether it surely does not (the list loaded empty: priced songs are
 * 'Not on sale yet', issue 16) and the links to Profile and Payments. Features do not import each
 * other; the dashboard composes them here.
 */
function MyMusic({ goTo }: DashboardSectionProps) {
  const hasPaymentMethod = useHasPaymentMethod();
  const paymentMethods = useQuery(paymentMethodsQuery);
  const payoutMethodMissing = paymentMethods.isSuccess && paymentMethods.data.length === 0;
  return (
    <MyMusicSection
      hasPaymentMethod={hasPaymentMethod}
      payoutMethodMissing={payoutMethodMissing}
      onOpenProfile={() => goTo('profile')}
      onOpenPayments={() => goTo('payments')}
    />
  );
}

/** Spec section 2: the sidebar's four sections, My Music first and the default; then Codes (issue 21, decision 050). */
export const DASHBOARD_SECTIONS: readonly DashboardSection[] = [
  { id: 'my-music', labelKey: 'dashboard.section.myMusic', icon: MusicIcon, Component: MyMusic },
  { id: 'profile', labelKey: 'dashboard.section.profile', icon: UserRoundIcon, Component: ProfileSection },
  { id: 'payments', labelKey: 'dashboard.section.payments', icon: WalletIcon, Component: PaymentsSection },
  { id: 'analytics', labelKey: 'dashboard.section.analytics', icon: BarChart3Icon, Component: AnalyticsSection },
  { id: 'codes', labelKey: 'dashboard.section.codes', icon: TicketIcon, Component: CodesSection },
];

export const DEFAULT_SECTION: DashboardSectionId = 'my-music';
