import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { completeSignIn } from '../../../client/auth/session';
import { FullPageMessage } from '../../../client/pages/static-page';

// The code can be redeemed once: a second effect run (React strict mode) shares the first.
let completion: Promise<string> | undefined;

/** /auth/callback: finishes the code flow and returns to the page the user came from. */
export function AuthCallback() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    completion ??= completeSignIn();
    completion.then(
      (returnUrl) => navigate(returnUrl, { replace: true }),
      (error: { error?: string }) =>
        navigate(`/authentication-error/${encodeURIComponent(error.error ?? 'sign_in_failed')}`, {
          replace: true,
        }),
    );
  }, [navigate]);
  return <FullPageMessage busy text={t('session.signingIn')} />;
}
