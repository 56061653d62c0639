import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { authEndpoints } from '../../contract/auth';
import { call } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errors';
import { usePageTitle } from '../../ui/usePageTitle';
import { TextField } from '../../ui/TextField';
import { AuthShell } from './AuthShell';

const LoginFormSchema = z.object({
  email: z.string().trim().min(1, 'E-mail is required.').pipe(z.email('Please enter a valid e-mail address.')),
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
  const { register, handleSubmit, formState } = useForm<LoginForm>({ resolver: zodResolver(LoginFormSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      await call(authEndpoints.requestCode, { body: { email } });
      navigate(`/auth/login-confirm?e=${encodeURIComponent(email)}`);
    } catch (err) {
      setServerError(errorMessage(err));
    }
  });

  return (
    <AuthShell title="Login">
      {queryError && (
        <p className="form-error" role="alert">
          {QUERY_ERRORS[queryError] ?? 'Please sign in again.'}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          required
          error={formState.errors.email?.message}
          hint="We will email you a code to login."
          {...register('email')}
        />
        {serverError && (
          <p className="form-error" role="alert">
            {serverError}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending...' : 'Send Login Code'}
        </button>
      </form>
    </AuthShell>
  );
}
