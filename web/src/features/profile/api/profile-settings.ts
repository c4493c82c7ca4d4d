import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '#common/schemas/auth';
import { PROFILE_PHOTO_FIELD, profilePhotoUrl as photoUrl, type ProfilePhotoSize, type SocialLink, type SocialLinkInput } from '#common/schemas/profile';
import { apiJson, apiRequest } from '@/lib/api';
import { currentUserQueryKey } from '@/lib/auth';
import { uploadForm, type UploadOptions } from '@/lib/upload';

/**
 * The dashboard's Profile section talks to these calls (spec section 7, Profile, links,
 * analytics): the artist's display name and photo, and their social links. The public profile
 * page's own read is profile.ts.
 */

export const socialLinksQueryKey = ['/api/social-links'] as const;

export const socialLinksQuery = queryOptions({
  queryKey: socialLinksQueryKey,
  queryFn: ({ signal }) => apiJson<SocialLink[]>('GET', '/api/social-links', undefined, { signal }),
});

export const useSocialLinks = () => useQuery(socialLinksQuery);

/**
 * The current user changed (new name, new photo): every screen reading the current user follows
 * at once (the header's Share Link, the user menu, the onboarding checklist), and cached public
 * profiles are read again (the artist's own page shows the new name and photo).
 */
export function showCurrentUser(queryClient: QueryClient, user: CurrentUser) {
  queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, user);
  void queryClient.invalidateQueries({ queryKey: ['/api/profile'] });
}

/** PATCH /api/user/profile {displayName}: answers the current user. */
export function updateDisplayName(displayName: string): Promise<CurrentUser> {
  return apiJson<CurrentUser>('PATCH', '/api/user/profile', { displayName });
}

export function useUpdateDisplayName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDisplayName,
    onSuccess: (user) => showCurrentUser(queryClient, user),
  });
}

/** POST /api/user/profile-photo (multipart `profilePhoto`), with upload progress: answers the current user. */
export function uploadProfilePhoto(file: File, options?: UploadOptions): Promise<CurrentUser> {
  const form = new FormData();
  form.append(PROFILE_PHOTO_FIELD, file, file.name);
  return uploadForm<CurrentUser>('POST', '/api/user/profile-photo', form, options);
}

/**
 * GET /api/user/{id}/profile-photo at one size. The file name changes with every new photo, so
 * the address changes too and the long-lived cache never shows the old photo.
 */
export function profilePhotoUrl(user: Pick<CurrentUser, 'id' | 'hasProfilePhoto' | 'profilePhotoFilename'>, size: ProfilePhotoSize): string | null {
  if (!user.hasProfilePhoto) return null;
  return photoUrl(encodeURIComponent(user.id), user.profilePhotoFilename, size);
}

/** POST /api/social-links {title, url}: answers the new link, which joins the list at once. */
export function useAddSocialLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: SocialLinkInput) => apiJson<SocialLink>('POST', '/api/social-links', link),
    onSuccess: (link) => {
      queryClient.setQueryData<SocialLink[]>(socialLinksQueryKey, (links) => (links ? [...links.filter((l) => l.id !== link.id), link] : [link]));
      void queryClient.invalidateQueries({ queryKey: socialLinksQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['/api/profile'] });
    },
  });
}

/** DELETE /api/social-links/{id}. */
export function useDeleteSocialLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (link: SocialLink) => {
      await apiRequest('DELETE', `/api/social-links/${encodeURIComponent(link.id)}`);
    },
    onSuccess: (_result, link) => {
      queryClient.setQueryData<SocialLink[]>(socialLinksQueryKey, (links) => links?.filter((candidate) => candidate.id !== link.id));
      void queryClient.invalidateQueries({ queryKey: ['/api/profile'] });
    },
  });
}
