import type { InitiateResponse, PushResponse } from '@shared/schemas/payment';
import { api } from '@web/lib/api-client';
import { applyServerErrors } from '@web/lib/apply-server-errors';
import { useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { notifyCheckoutError } from './checkout-errors';

/**
 * Starts a checkout: posts the form to `path` (donation or payment initiation), then leaves for the provider's
 * page; `inProgress` stays true (« En cours... ») while the browser leaves. A refusal puts the server's messages
 * under their fields, or else notifies why the checkout could not start.
 */
export function useCheckout<T extends FieldValues>(
  path: string,
  setError: UseFormSetError<T>,
  beforeLeaving?: () => void,
  /** A payment requested on the telephone (`mode: "push"`): no page to leave for, the request's id to follow. */
  onPush?: (id: string) => void,
) {
  const [inProgress, setInProgress] = useState(false);
  const start = async (values: T | object) => {
    setInProgress(true);
    try {
      const answer = await api.post<InitiateResponse | PushResponse>(path, values);
      if ('id' in answer) {
        setInProgress(false);
        onPush?.(answer.id);
        return;
      }
      beforeLeaving?.();
      window.location.assign(answer.url);
    } catch (error) {
      setInProgress(false);
      if (!applyServerErrors(error, setError)) notifyCheckoutError(error);
    }
  };
  return { inProgress, start };
}
