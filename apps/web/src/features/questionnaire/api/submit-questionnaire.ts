import type { Questionnaire } from '@shared/schemas/questionnaire';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export function submitQuestionnaire(input: Questionnaire) {
  return api.post<{ message: string }>('/questionnaire', input);
}

export function useSubmitQuestionnaire() {
  return useMutation({ mutationFn: submitQuestionnaire });
}
