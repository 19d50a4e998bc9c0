import type { RegisterData, RegisterResponse } from '@shared/schemas/register';
import { api } from '@web/lib/api-client';

/** POST /register with the creator's bearer and user id (docs/product/roles.md, docs/product/http-api.md); the server trusts only the token. */
export const registerRequest = (values: RegisterData, creatorId: string) =>
  api.post<RegisterResponse>('/register', { ...values, created_by: Number(creatorId), first_login: true });
