import { useMutation } from '@tanstack/react-query';
import type { UpdateProfileResponse, UpdateProfileRequest } from '@portal/contract/profile';
import type { CurrentUser } from '@portal/contract/users';
import { api } from '@/lib/api-client';

/** Saves name, email and phone number; answers with the updated user. */
export async function updateProfile(body: UpdateProfileRequest): Promise<CurrentUser> {
  const response = await api.put<UpdateProfileResponse>('/profile', body);
  return response.data.user;
}

export const useUpdateProfile = () => useMutation({ mutationFn: updateProfile });
