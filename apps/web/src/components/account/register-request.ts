import type { PendingChange } from '@shared/schemas/account-changes';
import type { RegisterData, RegisterResponse } from '@shared/schemas/register';
import { api } from '@web/lib/api-client';

/**
 * POST /register with the creator's bearer and user id (docs/product/roles.md, docs/product/http-api.md); the server
 * trusts only the token. A new administrator is made by two: the answer is then a pending change (202).
 */
export const registerRequest = (values: RegisterData, creatorId: string) =>
  api.post<RegisterResponse | PendingChange>('/register', { ...values, created_by: Number(creatorId), first_login: true });
