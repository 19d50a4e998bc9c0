import type { LoginInput, LoginResponse } from '@shared/schemas/auth';
import type { RegisterData, RegisterResponse } from '@shared/schemas/register';
import { api } from '@web/lib/api-client';

/** POST /login from the login page: no bearer (the adviser's "log in as" sends its own). */
export const loginRequest = (values: LoginInput) => api.post<LoginResponse>('/login', values, { token: null });

/** POST /register with the creator's bearer and user id (spec §6, §7); the server trusts only the token. */
export const registerRequest = (values: RegisterData, creatorId: string) =>
  api.post<RegisterResponse>('/register', { ...values, created_by: Number(creatorId), first_login: true });
