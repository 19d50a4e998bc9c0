import type { ForgotPasswordInput, MessageResponse, ResetPasswordInput } from '@shared/schemas/password-recovery';
import { api } from '@web/lib/api-client';

// docs/product/recovery.md: no bearer, whoever is (not) logged in on this browser.
export const requestCode = (values: ForgotPasswordInput) => api.post<MessageResponse>('/password/forgot', values, { token: null });
export const resetPassword = (values: ResetPasswordInput) => api.post<MessageResponse>('/password/reset', values, { token: null });
