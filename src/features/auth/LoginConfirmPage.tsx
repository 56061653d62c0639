import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { authEndpoints } from '../../contract/auth';
import { call } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errors';
import { saveToken } from '../../lib/session';
import { usePageTitle } from '../../ui/usePageTitle';
import { TextField } from '../../ui/TextField';
import { AuthShell } from './AuthShell';

const CodeFormSchema = z.object({ code: z.string().trim().min(1, 'Code is required.') });
type CodeForm = z.infer<typeof CodeFormSchema>;

export function LoginConfirmPage() {
  usePageTitle('Confirm Login');
  const [params] = useSearchParams();
  const email = params.get('e');
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [resending, setResending] = useState(false);
  const { register, handleSubmit, formState } = useForm<CodeForm>({ resolver: zodResolver(CodeFormSchema), defaultValues: { code: '' } });

  if (!email) return <Navigate to="/auth/login?error=missing-email" replace />;

  const onSubmit = handleSubmit(async ({ code }) => {
    setMessage(null);
    try {
      const { api_token } = await call(authEndpoints.confirmCode, { body: { email, code } });
      saveToken({ api_token, role: 'staff' });
      window.location.assign('/');
    } catch (err) {
      setMessage({ tone: 'error', text: errorMessage(err) });
    }
  });

  const resend = async () => {
    setMessage(null);
    setResending(true);
    try {
      await call(authEndpoints.requestCode, { body: { email } });
      setMessage({ tone: 'success', text: 'Code successfully resent.' });
    } catch (err) {
      setMessage({ tone: 'error', text: errorMessage(err) });
    } finally {
      setResending(false);
    }
  };

  const confirming = formState.isSubmitting;
  return (
    <AuthShell title="Enter your login code">
      <p>We've sent a code to {email}. Please enter it below.</p>
      <form onSubmit={onSubmit} noValidate>
        <TextField label="Login code" autoComplete="off" inputMode="numeric" autoFocus required error={formState.errors.code?.message} {...register('code')} />
        {message && (
          <p className={message.tone === 'error' ? 'form-error' : 'form-success'} role={message.tone === 'error' ? 'alert' : 'status'}>
            {message.text}
          </p>
        )}
        <div className="stack">
          <button type="submit" className="btn btn-primary btn-block" disabled={confirming || resending}>
            {confirming ? 'Confirming...' : 'Confirm Login Code'}
          </button>
          {!confirming && (
            <button type="button" className="btn btn-secondary btn-block" onClick={() => void resend()} disabled={resending}>
              {resending ? 'Resending...' : 'Resend Code'}
            </button>
          )}
          <Link to="/auth/login" className="btn btn-ghost btn-block">
            Go Back
          </Link>
        </div>
      </form>
    </AuthShell>
  );
}
