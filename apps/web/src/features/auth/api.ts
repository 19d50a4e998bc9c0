import type { LoginInput, LoginResponse } from '@shared/schemas/auth';
import { api } from '@web/lib/api-client';

/** POST /login from the login page: no bearer (the adviser's "log in as" sends its own). */
export const loginRequest = (values: LoginInput) => api.post<LoginResponse>('/login', values, { token: null });
