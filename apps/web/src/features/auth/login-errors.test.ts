import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { loginErrorMessage } from './login-errors';

describe('loginErrorMessage', () => {
  it('shows the server’s account or confirmation message on 422', () => {
    expect(loginErrorMessage(new ApiError(422, "Votre compte n'a pas encore été confirmé par un administrateur."))).toBe(
      "Votre compte n'a pas encore été confirmé par un administrateur.",
    );
    expect(loginErrorMessage(new ApiError(422, 'Numéro de téléphone ou mot de passe incorrect.'))).toBe(
      'Numéro de téléphone ou mot de passe incorrect.',
    );
  });

  it('falls back to the validation message on a 422 without one', () => {
    expect(loginErrorMessage(new ApiError(422, ''))).toBe('Erreur de validation des champs.');
    expect(loginErrorMessage(new ApiError(422, 'Erreur de validation des champs.'))).toBe('Erreur de validation des champs.');
  });

  it('uses the generic message for other responses and the unexpected one without a response', () => {
    for (const status of [400, 401, 403, 429, 500, 503]) {
      expect(loginErrorMessage(new ApiError(status, 'x'))).toBe('Erreur lors de la connexion. Veuillez réessayer.');
    }
    expect(loginErrorMessage(new ApiError(0, 'x'))).toBe("Une erreur inattendue s'est produite. Veuillez réessayer.");
    expect(loginErrorMessage(new TypeError('boom'))).toBe("Une erreur inattendue s'est produite. Veuillez réessayer.");
  });
});
