import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { UpdateProfileRequest } from '@portal/contract/profile';
import { currentUserSchema, type CurrentUser } from '@portal/contract/users';
import { api } from '@/lib/api-client';

const updateProfileResponseSchema = z.object({ user: currentUserSchema });

/** Saves name, email and phone number; answers with the updated user. */
export async function updateProfile(body: UpdateProfileRequest): Promise<CurrentUser> {
  const response = await api.put('/profile', body);
  return updateProfileResponseSchema.parse(response.data).user;
}

export const useUpdateProfile = () => useMutation({ mutationFn: updateProfile });
