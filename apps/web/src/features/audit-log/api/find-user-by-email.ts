import type { OperatorUserList } from '@portal/contract/users';
import { api } from '@/lib/api-client';

/** The id of the user with exactly this email (any case), or null. */
export async function findUserIdByEmail(email: string): Promise<string | null> {
  const wanted = email.trim().toLowerCase();
  const response = await api.get<OperatorUserList>('/operator/users', {
    params: { q: wanted, pageSize: 100 },
  });
  const { items } = response.data;
  return items.find((user) => user.email === wanted)?.id ?? null;
}
