import { Link } from 'wouter';
import { ArrowLeftIcon } from 'lucide-react';
import { BrandLogo } from '@/components/brand-logo';
import { useAppI18n } from '@/lib/app-i18n';
import { cn } from '@/lib/utils';
import { DASHBOARD_SECTIONS, type DashboardSectionId } from './sections';

/** The four sections; used by the fixed desktop sidebar and the mobile sheet alike. */
export function SidebarNav({
  current,
  onSelect,
  showLogo = true,
}: {
  current: DashboardSectionId;
  onSelect: (id: DashboardSectionId) => void;
  showLogo?: boolean;
}) {
  const { t } = useAppI18n();
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      {showLogo && <BrandLogo href="/" className="px-2 pt-1" />}
      <nav aria-label={t('dashboard.nav')} className="flex-1">
        <ul className="grid gap-1">
          {DASHBOARD_SECTIONS.map(({ id, labelKey, icon: Icon }) => {
            const active = id === current;
            return (
              <li key={id}>
                <button
                  type="button"
                  onClick={() => onSelect(id)}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-left text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    active ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-accent hover:text-foreground',
                  )}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {t(labelKey)}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      <Link href="/" className="flex items-center gap-2 rounded-md px-3 py-2 text-sm text-muted-foreground hover:bg-accent hover:text-foreground">
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {t('dashboard.backToSauti')}
      </Link>
    </div>
  );
}
