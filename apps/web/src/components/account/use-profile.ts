import type { Profile, ProfileUpdate, ProfileUpdateResponse } from '@shared/schemas/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export const PROFILE_QUERY_KEY = ['profile'] as const;

/** The signed-in user's profile (GET /profile), shared by every dashboard's header and profile view. */
export const useProfile = () => useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: () => api.get<Profile>('/profile') });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ProfileUpdate) => api.put<ProfileUpdateResponse>('/profile', values),
    onSuccess: ({ user }) => queryClient.setQueryData(PROFILE_QUERY_KEY, user),
  });
}
