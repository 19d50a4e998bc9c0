import type { Profile, ProfileUpdate, ProfileUpdateResponse } from '@shared/schemas/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export const PROFILE_QUERY_KEY = ['profile'] as const;

/** The signed-in user's profile (GET /profile), shared by every dashboard's header and profile view. */
export const useProfile = () => useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: () => api.get<Profile>('/profile') });

/**
 * Whether this session, obtained by an SMS code, is still within its 15 minutes (the server says until when,
 * whatever the tab): it may choose a password, change the telephone or erase the account without the password.
 */
export const inCodeWindow = (profile: Pick<Profile, 'code_window_until'> | undefined, now = Date.now()) =>
  !!profile?.code_window_until && Date.parse(profile.code_window_until) > now;

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ProfileUpdate) => api.put<ProfileUpdateResponse>('/profile', values),
    onSuccess: ({ user }) => queryClient.setQueryData(PROFILE_QUERY_KEY, user),
  });
}
