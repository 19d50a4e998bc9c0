import type { LoginResponse } from '@shared/schemas/auth';
import { LOGIN_CODE_MESSAGES } from '@shared/zod-free/auth';
import { type FormEvent, useState } from 'react';
import { FormCard } from '@web/components/forms/form-card';
import { TelephoneField } from '@web/components/forms/telephone-field';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { ApiError } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { loginWithCode, requestLoginCode } from './api';
import { session } from '@web/lib/session';

/**
 * « Recevoir un code par SMS »: the telephone, then the 6-digit code it received, instead of a password (members,
 * sympathisants and consumers; administrators and advisers keep their password).
 */
export function CodeLoginForm({ onSignedIn }: { onSignedIn: (response: LoginResponse) => void }) {
  const [telephone, setTelephone] = useState('');
  const [code, setCode] = useState('');
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ telephone?: string; code?: string }>({});
  const [isBusy, setBusy] = useState(false);

  const fail = (error: unknown) => {
    if (error instanceof ApiError && (error.errors.telephone?.[0] || error.errors.code?.[0])) {
      setErrors({ telephone: error.errors.telephone?.[0], code: error.errors.code?.[0] });
    } else notify.error(error instanceof ApiError && error.hasResponse ? error.message : 'Une erreur est survenue. Veuillez réessayer.');
  };

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    if (!telephone.trim()) return setErrors({ telephone: 'Le numéro de téléphone est requis.' });
    setBusy(true);
    try {
      setSentMessage((await requestLoginCode(telephone)).message);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) return setErrors({ code: LOGIN_CODE_MESSAGES.codeFormat });
    setBusy(true);
    try {
      onSignedIn(await loginWithCode({ telephone, code }));
      session.markCodeSignIn(); // after the session is saved: the password step may skip the old password
    } catch (error) {
      fail(error);
      setBusy(false);
    }
  };

  return sentMessage === null ? (
    <FormCard layout="grid" onSubmit={ask} aria-label="Connexion par code">
      <TelephoneField required value={telephone} error={errors.telephone} onChange={(e) => setTelephone(e.target.value)} />
      <Button type="submit" isLoading={isBusy} loadingText="Envoi…">
        Recevoir le code
      </Button>
    </FormCard>
  ) : (
    <FormCard layout="grid" onSubmit={send} aria-label="Connexion par code">
      <p role="status" className="text-slate-800">
        {sentMessage}
      </p>
      <TextField
        label="Code reçu par SMS"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        value={code}
        error={errors.code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" isLoading={isBusy} loadingText="Connexion…">
        Se connecter
      </Button>
      <Button type="button" variant="ghost" onClick={() => setSentMessage(null)}>
        Recevoir un nouveau code
      </Button>
    </FormCard>
  );
}
