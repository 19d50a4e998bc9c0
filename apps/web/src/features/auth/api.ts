import type { LoginInput, LoginResponse } from '@shared/schemas/auth';
import { api } from '@web/lib/api-client';

/** POST /login from the login page: no bearer (the adviser's "log in as" sends its own). */
export const loginRequest = (values: LoginInput) => api.post<LoginResponse>('/login', values, { token: null });

/** Sign-in by a code sent by SMS: ask for the code, then send it (the answer is the login answer). */
export const requestLoginCode = (telephone: string) => api.post<{ message: string }>('/login/code/request', { telephone }, { token: null });
export const loginWithCode = (values: { telephone: string; code: string }) =>
  api.post<LoginResponse>('/login/code', values, { token: null });
