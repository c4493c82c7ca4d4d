import { useState, type ReactNode } from 'react';
import { MenuIcon } from 'lucide-react';
import type { CurrentUser } from '#common/schemas/auth';
import { BrandLogo } from '@/components/brand-logo';
import { LanguageSwitch } from '@/components/language-switch';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useAppI18n } from '@/lib/app-i18n';
import type { DashboardSection, DashboardSectionId } from './sections';
import { ShareLink } from './share-link';
import { SidebarNav } from './sidebar-nav';
import { UserMenu } from './user-menu';

/**
 * The dashboard's frame: a fixed sidebar on wide screens and a slide-in one on phones, a header
 * with the share link and the account menu, the section's content, and `footer` for anything
 * pinned to the bottom of the screen (the audio player).
 */
export function DashboardLayout({
  user,
  section,
  onSelectSection,
  children,
  footer,
}: {
  user: CurrentUser;
  section: DashboardSection;
  onSelectSection: (id: DashboardSectionId) => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useAppI18n();
  const [mobileNavOpen, setMobileNavOpen] = useState(false);
  const select = (id: DashboardSectionId) => {
    onSelectSection(id);
    setMobileNavOpen(false);
  };

  return (
    <TooltipProvider>
      <div className="min-h-dvh bg-muted/30 md:grid md:grid-cols-[16rem_1fr]">
        <aside className="sticky top-0 hidden h-dvh border-r bg-sidebar md:block">
          <SidebarNav current={section.id} onSelect={select} />
        </aside>

        <div className="flex min-w-0 flex-col">
          <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur">
            <div className="flex h-16 items-center gap-3 px-4 sm:px-6">
              <Sheet open={mobileNavOpen} onOpenChange={setMobileNavOpen}>
                <SheetTrigger asChild>
                  <Button variant="ghost" size="icon" className="md:hidden" aria-label={t('dashboard.openMenu')}>
                    <MenuIcon aria-hidden="true" />
                  </Button>
                </SheetTrigger>
                <SheetContent side="left" className="bg-sidebar p-0">
                  <SheetHeader className="border-b">
                    <SheetTitle>
                      <BrandLogo />
                    </SheetTitle>
                    <SheetDescription className="sr-only">{t('dashboard.sections')}</SheetDescription>
                  </SheetHeader>
                  <SidebarNav current={section.id} onSelect={select} showLogo={false} />
                </SheetContent>
              </Sheet>
              <BrandLogo className="md:hidden" />
              <ShareLink displayName={user.displayName} wrap className="hidden flex-1 lg:flex lg:max-w-xl" />
              <div className="ml-auto flex items-center gap-1">
                <LanguageSwitch />
                <UserMenu user={user} onOpenProfile={() => select('profile')} />
              </div>
            </div>
          </header>

          <main id="main" className="mx-auto w-full max-w-5xl flex-1 space-y-6 px-4 py-6 sm:px-6 sm:py-8">
            <div className="space-y-1">
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(section.labelKey)}</h1>
              <p className="text-sm text-muted-foreground">{t('dashboard.signedInAs', { name: user.displayName })}</p>
            </div>
            <ShareLink displayName={user.displayName} wrap className="rounded-lg border bg-background p-3 lg:hidden" />
            {children}
          </main>
          {footer}
        </div>
      </div>
    </TooltipProvider>
  );
}
