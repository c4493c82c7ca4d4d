import { ChevronDownIcon, LogOutIcon, UserRoundIcon } from 'lucide-react';
import { profilePhotoUrl } from '#common/playback';
import type { CurrentUser } from '#common/schemas/auth';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/use-toast';
import { useLogout } from '@/lib/auth';
import { useAppI18n } from '@/lib/app-i18n';
import { initialsOf } from '@/lib/utils';

export function UserAvatar({ user, className }: { user: CurrentUser; className?: string }) {
  return (
    <Avatar className={className}>
      {user.hasProfilePhoto && <AvatarImage src={profilePhotoUrl(user.id, user.profilePhotoFilename, 96) ?? undefined} alt="" />}
      <AvatarFallback className="bg-accent text-accent-foreground">{initialsOf(user.displayName)}</AvatarFallback>
    </Avatar>
  );
}

/** The account menu: who is signed in, the profile section, and Log out (spec section 4). */
export function UserMenu({ user, onOpenProfile }: { user: CurrentUser; onOpenProfile: () => void }) {
  const { t } = useAppI18n();
  const logout = useLogout();
  const logOut = () =>
    logout.mutate(undefined, {
      onError: (error) => toast({ variant: 'destructive', title: t('dashboard.logoutFailed'), description: error.message }),
    });

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* Named by its content (what is shown, then what it is), so speech and sight agree. */}
        <Button variant="ghost" className="h-10 gap-2 px-1.5 sm:px-2">
          <UserAvatar user={user} />
          <span className="sr-only max-w-40 truncate text-sm font-medium md:not-sr-only">{user.displayName}</span>
          <span className="sr-only">{t('dashboard.accountMenu')}</span>
          <ChevronDownIcon className="hidden text-muted-foreground md:inline" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate">{user.displayName}</span>
          {/* A long address wraps (only where it must) rather than being cut off. */}
          <span className="text-xs font-normal text-muted-foreground wrap-anywhere">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onOpenProfile}>
          <UserRoundIcon aria-hidden="true" />
          {t('dashboard.section.profile')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={logOut}>
          <LogOutIcon aria-hidden="true" />
          {t('dashboard.logOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
