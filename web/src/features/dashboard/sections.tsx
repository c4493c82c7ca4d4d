import type { ComponentType } from 'react';
import { BarChart3Icon, MusicIcon, UserRoundIcon, WalletIcon, type LucideIcon } from 'lucide-react';
import { AnalyticsSection } from './components/sections/analytics-section';
import { MyMusicSection } from './components/sections/my-music-section';
import { PaymentsSection } from './components/sections/payments-section';
import { ProfileSection } from './components/sections/profile-section';

export type DashboardSectionId = 'my-music' | 'profile' | 'payments' | 'analytics';

export interface DashboardSectionProps {
  /** Switch to another section (the onboarding checklist's links use it). */
  goTo: (section: DashboardSectionId) => void;
}

export interface DashboardSection {
  id: DashboardSectionId;
  label: string;
  icon: LucideIcon;
  Component: ComponentType<DashboardSectionProps>;
}

/** Spec section 2: the sidebar's four sections, My Music first and the default. */
export const DASHBOARD_SECTIONS: readonly DashboardSection[] = [
  { id: 'my-music', label: 'My Music', icon: MusicIcon, Component: MyMusicSection },
  { id: 'profile', label: 'Profile', icon: UserRoundIcon, Component: ProfileSection },
  { id: 'payments', label: 'Payments', icon: WalletIcon, Component: PaymentsSection },
  { id: 'analytics', label: 'Analytics', icon: BarChart3Icon, Component: AnalyticsSection },
];

export const DEFAULT_SECTION: DashboardSectionId = 'my-music';
