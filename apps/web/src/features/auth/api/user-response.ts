import { z } from 'zod';
import { currentUserSchema } from '@portal/contract/users';

/** What sign-up and sign-in answer: the user now signed in. */
export const signedInUserResponseSchema = z.object({ user: currentUserSchema });
