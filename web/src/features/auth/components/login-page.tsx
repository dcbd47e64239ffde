// The sign-in page. It is the first page most visitors load, so it stays small (issue 11,
// "Served small"): a plain form with its own checks instead of antd's Form (which brings
// Tooltip, Trigger and the async validator), plain headings instead of Typography, and the
// two-factor step (an antd Form) loaded only when the password was right.
import { lazy, Suspense, useEffect, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Input, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useLogin } from '../api/login';
import { ssoAvailable, ssoStartURL } from '../api/sso';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, translateApiError } from '../../../lib/form-errors';
import type { LoginRequest } from '../../../lib/api-schemas';
import { PageLoader } from '../../../components/page-loader';
import { useFailedAttemptsNotice } from './failed-attempts-notice';
import { signInTarget } from './sign-in-target';

const CodeStep = lazy(() => import('./code-step').then((m) => ({ default: m.CodeStep })));

type Credentials = Pick<LoginRequest, 'email' | 'password'>;
type Field = keyof Credentials;
type FieldErrors = Partial<Record<Field, string>>;

// The address check of antd's Form (async-validator's "email" type), so the page refuses what
// it refused before.
const EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+\.)+[a-zA-Z\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}))$/;

/** A labelled field laid out like antd's vertical form item, its error announced below it. */
function FormField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  const label$: CSSProperties = { display: 'block', paddingBottom: token.paddingXS, color: token.colorTextHeading, lineHeight: token.lineHeight };
  return (
    <div style={{ marginBottom: error ? 0 : token.marginLG }}>
      <label htmlFor={id} style={label$}>{label}</label>
      {children}
      {error && (
        <div id={`${id}-error`} role="alert" style={{ color: token.colorError, lineHeight: token.lineHeight, minHeight: token.marginLG }}>
          {error}
        </div>
      )}
    </div>
  );
}

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const showFailedAttempts = useFailedAttemptsNotice();
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  // Like antd's Form: a field is checked as it changes once touched, and all on submit.
  const [checked, setChecked] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<Credentials | null>(null);
  const notice = (location.state as { notice?: string } | null)?.notice;
  // Single sign-on: offered when the typed address's domain has a provider; a refused sign-in
  // comes back here with its reason.
  const [params] = useSearchParams();
  const ssoError = params.get('sso_error');
  const [sso, setSso] = useState(false);
  const typedEmail = values.email.trim();
  useEffect(() => {
    setSso(false);
    if (typedEmail.length > 320 || !EMAIL.test(typedEmail)) return;
    const ctl = new AbortController();
    const timer = window.setTimeout(() => {
      ssoAvailable(typedEmail, ctl.signal).then(setSso, () => setSso(false));
    }, 300);
    return () => {
      window.clearTimeout(timer);
      ctl.abort();
    };
  }, [typedEmail]);

  const check = (v: Credentials): FieldErrors => ({
    email: !v.email
      ? t('errors:form.username_required')
      : v.email.length > 320 || !EMAIL.test(v.email)
        ? t('errors:form.email_invalid')
        : undefined,
    password: !v.password ? t('errors:form.password_required') : undefined,
  });
  const own = check(values);
  const errorOf = (f: Field) => serverErrors[f] ?? (checked[f] ? own[f] : undefined);

  const change = (f: Field, value: string) => {
    setValues((v) => ({ ...v, [f]: value }));
    setChecked((c) => ({ ...c, [f]: true }));
    setServerErrors((s) => ({ ...s, [f]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setChecked({ email: true, password: true });
    setServerErrors({});
    const invalid = (['email', 'password'] as const).find((f) => own[f]);
    if (invalid) {
      document.getElementById(`login-${invalid}`)?.focus();
      return;
    }
    setError(null);
    login.mutate(values, {
      onSuccess: (session) => {
        showFailedAttempts(session);
        navigate(signInTarget(location.state), { replace: true });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'auth.two_factor_required') {
          setSecondStep(values);
          return;
        }
        const fields = serverFieldErrors(err, t);
        setServerErrors({ email: fields.email?.[0], password: fields.password?.[0] });
        // auth.locked, auth.busy and auth.too_many_attempts are translated like any other code.
        setError(translateApiError(t, err));
      },
    });
  };

  if (secondStep)
    return (
      <Suspense fallback={<PageLoader />}>
        <CodeStep
          send={(otp_code, handlers) => login.mutate({ ...secondStep, otp_code }, handlers)}
          pending={login.isPending}
          onBack={() => setSecondStep(null)}
        />
      </Suspense>
    );
  const emailError = errorOf('email');
  const passwordError = errorOf('password');
  return (
    <>
      <h3
        style={{
          margin: `0 0 0.5em`,
          color: token.colorTextHeading,
          fontSize: token.fontSizeHeading3,
          lineHeight: token.lineHeightHeading3,
          fontWeight: token.fontWeightStrong,
        }}
      >
        {t('login.title')}
      </h3>
      {notice && <Alert type="success" showIcon title={t(notice)} style={{ marginBottom: 16 }} data-testid="login-notice" />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
      {ssoError && !error && (
        <Alert
          type="error"
          showIcon
          title={t(`sso.errors.${['domain', 'no_account', 'pending'].includes(ssoError) ? ssoError : 'failed'}`)}
          style={{ marginBottom: 16 }}
          data-testid="sso-error"
        />
      )}
      <form noValidate onSubmit={onSubmit}>
        <FormField id="login-email" label={t('login.username')} error={emailError}>
          <Input
            id="login-email"
            autoComplete="username"
            data-testid="login-email"
            value={values.email}
            onChange={(e) => change('email', e.target.value)}
            status={emailError ? 'error' : undefined}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? 'login-email-error' : undefined}
          />
        </FormField>
        <FormField id="login-password" label={t('fields.password')} error={passwordError}>
          <Input.Password
            id="login-password"
            autoComplete="current-password"
            data-testid="login-password"
            value={values.password}
            onChange={(e) => change('password', e.target.value)}
            status={passwordError ? 'error' : undefined}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? 'login-password-error' : undefined}
          />
        </FormField>
        <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
          {t('login.submit')}
        </Button>
        {sso && (
          <Button block href={ssoStartURL(typedEmail)} style={{ marginTop: token.marginSM, minHeight: 40 }} data-testid="login-sso">
            {t('sso.sign_in_with')}
          </Button>
        )}
      </form>
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: token.marginXS, marginTop: 16 }}>
        <Link to="/forgot/password">{t('login.forgot')}</Link>
        <Link to="/register">{t('login.register_company')}</Link>
        <Link to="/register/school" data-testid="link-register-school">{t('login.register_school')}</Link>
      </div>
    </>
  );
}
