import { useState } from 'react';
import { ExternalLinkIcon, LinkIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import type { SocialLink } from '#common/schemas/profile';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyNote, ListStates, LoadFailed } from '@/components/list-states';
import { SectionCard } from '@/components/section-card';
import { toast } from '@/components/ui/use-toast';
import { messageOf } from '@/lib/api';
import { useDeleteSocialLink, useSocialLinks } from '../../api/profile-settings';
import { AddSocialLinkDialog } from './add-social-link-dialog';
import { useAppI18n } from '@/lib/app-i18n';

/** The host a link goes to, shown under its title ("instagram.com"). */
function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** Social links (spec section 2): the list, Add Social Media Link, and delete. */
export function SocialLinksCard() {
  const { t } = useAppI18n();
  const links = useSocialLinks();
  const remove = useDeleteSocialLink();
  const [adding, setAdding] = useState(false);

  const deleteLink = (link: SocialLink) =>
    remove.mutate(link, {
      onSuccess: () => toast({ title: t('profileEditor.socialLinkDeleted'), description: link.title }),
      onError: (error) => {
        const reason = messageOf(error, '', t('profileEditor.networkError'));
        toast({ variant: 'destructive', title: t('profileEditor.deleteSocialLinkFailed'), description: reason || undefined });
      },
    });

  return (
    <>
      <SectionCard
        title={t('profileEditor.socialLinks')}
        description={t('profileEditor.socialLinksDescription')}
        action={
          <Button type="button" size="sm" onClick={() => setAdding(true)} disabled={!links.isSuccess}>
            <PlusIcon aria-hidden="true" />
            {t('profileEditor.addLink')}
          </Button>
        }
      >
        <ListStates
          read={links}
          items={(data) => data}
          loading={
            <div className="grid gap-2" role="status" aria-busy="true" aria-label={t('profileEditor.loadingLinks')}>
              <Skeleton className="h-14 w-full" />
              <Skeleton className="h-14 w-full" />
            </div>
          }
          failed={<LoadFailed announce={false} what={t('profileEditor.linksFailed')} retry={t('profileEditor.tryAgain')} onRetry={() => void links.refetch()} />}
          empty={<EmptyNote>{t('profileEditor.noSocialLinks')}</EmptyNote>}
        >
          {(list) => (
            <ul className="grid gap-2" aria-label={t('profileEditor.socialLinks')}>
              {list.map((link) => {
                const deleting = remove.isPending && remove.variables?.id === link.id;
                return (
                  <li key={link.id} className="flex items-center gap-3 rounded-lg border p-3" aria-label={link.title}>
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-primary">
                      <LinkIcon className="size-4" aria-hidden="true" />
                    </span>
                    <div className="grid min-w-0 flex-1">
                      <a
                        href={link.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex min-w-0 items-center gap-1 font-medium underline-offset-4 hover:underline"
                      >
                        <span className="truncate">{link.title}</span>
                        <ExternalLinkIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
                        <span className="sr-only">{t('profileEditor.newTab')}</span>
                      </a>
                      <span className="truncate text-xs text-muted-foreground">{hostOf(link.url)}</span>
                    </div>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="shrink-0 text-muted-foreground hover:text-destructive"
                      aria-label={t('profileEditor.deleteNamed', { name: link.title })}
                      disabled={deleting}
                      onClick={() => deleteLink(link)}
                    >
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </ListStates>
      </SectionCard>
      <AddSocialLinkDialog open={adding} onOpenChange={setAdding} />
    </>
  );
}
