import type { Questionnaire } from '@shared/schemas/questionnaire';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { MessageResponse } from '@shared/schemas/api-common';

export function submitQuestionnaire(input: Questionnaire) {
  return api.post<MessageResponse>('/questionnaire', input);
}

export function useSubmitQuestionnaire() {
  return useMutation({ mutationFn: submitQuestionnaire });
}
