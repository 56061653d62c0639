import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { authEndpoints } from '../../contract/auth';
import { isIpadSetupCode } from '../../contract/devices';
import { call } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errors';
import { usePageTitle } from '../../ui/usePageTitle';
import { TextField } from '../../ui/TextField';
import { Spinner } from '../../ui/Spinner';
import { AuthShell } from './AuthShell';

/** An iPad setup code is typed into the e-mail field (spec 000 section 3): no "@" and the code's shape. */
const looksLikeSetupCode = (value: string) => !value.includes('@') && isIpadSetupCode(value);

/** The kiosk (Dexie, the outbox) loads only when a device actually becomes one. */
async function signInWithSetupCode(code: string): Promise<void> {
  const kiosk = await import('../kiosk/api');
  await kiosk.signInWithSetupCode(code);
}

const LoginFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'E-mail is required.')
    .refine((v) => looksLikeSetupCode(v) || z.email().safeParse(v).success, 'Please enter an e-mail address or an iPad setup code.'),
});
type LoginForm = z.infer<typeof LoginFormSchema>;

/** Texts for the `error` query value other pages send here with. */
const QUERY_ERRORS: Record<string, string> = {
  'missing-email': 'Please enter your e-mail address to receive a login code.',
};

export function LoginPage() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [serverError, setServerError] = useState<string | null>(null);
  const queryError = params.get('error');
  const setupCode = params.get('setup');
  const { register, handleSubmit, formState, watch } = useForm<LoginForm>({ resolver: zodResolver(LoginFormSchema), defaultValues: { email: '' } });
  const isSetupCode = looksLikeSetupCode(watch('email') ?? '');

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      if (looksLikeSetupCode(email)) {
        await signInWithSetupCode(email);
        return;
      }
      await call(authEndpoints.requestCode, { body: { email } });
      navigate(`/auth/login-confirm?e=${encodeURIComponent(email)}`);
    } catch (err) {
      setServerError(errorMessage(err));
    }
  });

  if (setupCode) return <SetupLinkLogin code={setupCode} />;

  return (
    <AuthShell title="Login">
      {queryError && (
        <p className="form-error" role="alert">
          {QUERY_ERRORS[queryError] ?? 'Please sign in again.'}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate>
        {/* type="text": an iPad setup code must not fail the browser's e-mail check. */}
        <TextField
          label="Email"
          type="text"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          autoFocus
          required
          error={formState.errors.email?.message}
          hint={isSetupCode ? 'This is an iPad setup code: this device will become a guest registry kiosk.' : 'We will email you a code to login. Setting up an iPad? Enter its setup code here.'}
          {...register('email')}
        />
        {serverError && (
          <p className="form-error" role="alert">
            {serverError}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={formState.isSubmitting}>
          {isSetupCode ? (formState.isSubmitting ? 'Setting up...' : 'Set Up iPad') : formState.isSubmitting ? 'Sending...' : 'Send Login Code'}
        </button>
      </form>
    </AuthShell>
  );
}

/** `/auth/login?setup={code}` (the setup QR code): signs in at once, showing progress and errors. */
function SetupLinkLogin({ code }: { code: string }) {
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The code is single use: never send it twice for one attempt (StrictMode runs effects twice).
  const started = useRef(-1);

  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    setError(null);
    if (!isIpadSetupCode(code)) {
      setError('This link does not contain a valid iPad setup code. Ask staff for a new one.');
      return;
    }
    signInWithSetupCode(code).catch((err: unknown) => setError(errorMessage(err)));
  }, [code, attempt]);

  return (
    <AuthShell title="Setting up this iPad">
      {error ? (
        <div className="stack">
          <p className="form-error" role="alert">
            {error}
          </p>
          <button type="button" className="btn btn-primary btn-block" onClick={() => setAttempt((a) => a + 1)}>
            Try again
          </button>
          <a href="/auth/login">Sign in another way</a>
        </div>
      ) : (
        <div className="stack">
          <Spinner label="Signing in with the setup code..." />
          <p>Signing in with the setup code…</p>
        </div>
      )}
    </AuthShell>
  );
}
