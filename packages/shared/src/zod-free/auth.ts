// Signing in: the words the browser shows, apart from the schemas (packages/shared/src/schemas/auth.ts and
// login-code.ts re-export them), so a page can show them without loading zod (docs/benchmarks.md, issue #43).

export const AUTH_MESSAGES = {
  invalidCredentials: 'Numéro de téléphone ou mot de passe incorrect.',
  accountNotConfirmed: "Votre compte n'a pas encore été confirmé par un administrateur.",
  accountDeactivated: "Ce compte a été désactivé par un administrateur. Contactez l'association pour le réactiver.",
  loginSuccess: 'Connexion réussie!',
  loginValidation: 'Erreur de validation des champs.',
  loginFailure: 'Erreur lors de la connexion. Veuillez réessayer.',
  unexpected: "Une erreur inattendue s'est produite. Veuillez réessayer.",
  logoutSuccess: 'Déconnexion réussie',
  logoutFailure: 'Une erreur est survenue lors de la déconnexion',
  tokenMissing: 'Token non trouvé',
  /** A token of an account that must choose its password first: only its profile, the password change and logout. */
  mustChangePassword: 'Veuillez d’abord choisir votre mot de passe.',
} as const;

export const LOGIN_CODE_MESSAGES = {
  // Three codes an hour per number: said, so that a person whose fourth request sends nothing
  // does not wait for it; said to every number alike.
  codeSent:
    'Si ce numéro permet la connexion par code, un code vient d’être envoyé par SMS. Il est valable 15 minutes. Au plus 3 codes par heure\u00a0: si rien n’arrive, réessayez plus tard ou utilisez votre mot de passe.',
  codeRequired: 'Le code est requis.',
  codeFormat: 'Le code comporte 6 chiffres.',
  codeInvalid: 'Code invalide ou expiré. Demandez un nouveau code.',
} as const;
