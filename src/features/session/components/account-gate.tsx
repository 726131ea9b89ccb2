import { Button } from '../../../client/ui/chakra';
import { lazy, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../../client/auth/session';
import { applyCompanyLocale, currentLocale, keepTranslationsOf } from '../../../client/i18n/i18n';
import { ApiError } from '../../../client/http';
import { FullPageMessage, StaticPage } from '../../../client/pages/static-page';
import { useProfile } from '../../../client/profile/queries';
import { pendingTerms } from '../../../domain/terms';
import { termsPostponed } from '../terms';

const TermsDialog = lazy(() => import('./terms-dialog'));

/**
 * What a signed-in user meets before the portal itself (administration specification, “Roles and permissions”): an API-only user
 * is refused; users without a profile, not activated or incomplete see their notice; users who
 * have not accepted the terms get the terms dialog. Until the terms of use are accepted the server
 * answers nothing else, so the portal waits behind the dialog; the terms and conditions alone may
 * be put off (a request to the provider asks for them again).
 */
export function AccountGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data: current, error, fetchStatus } = useProfile();
  // The portal mounts in the background once the account is there, in slices a phone can
  // interrupt: a query's answer would render it at once (docs/architecture.md, “Rendering on a
  // phone”). On mount too (the initial value), when the device's copy has the account.
  const profile = useDeferredValue(current, null) ?? undefined;
  const [later, setLater] = useState(termsPostponed);

  // The company's language from the first screen on (the terms dialog included).
  const companyLocale = profile?.companyLocale;
  const languages = profile?.availableLanguages.map((l) => l.isoCode).join(' ');
  useEffect(() => {
    if (!companyLocale || languages === undefined) return;
    applyCompanyLocale(companyLocale);
    keepTranslationsOf([...languages.split(' '), currentLocale()]);
  }, [companyLocale, languages]);

  if (error instanceof ApiError && error.status === 403 && error.problem?.isApiUser) {
    return <Notice title={t('notices.apiUser.title')} text={t('notices.apiUser.text')} />;
  }
  // The portal opens once the account is known: until then it could only collect refusals (an
  // API-only user) or show what the user may not see. Offline without a kept profile it opens.
  if (!profile && !error && fetchStatus !== 'paused') return <FullPageMessage busy text={t('app.loading')} />;
  if (profile && !profile.isActivated)
    return <Notice title={t('notices.notActivated.title')} text={t('notices.notActivated.text')} />;
  if (profile?.isIncompleteUser)
    return <Notice title={t('notices.incomplete.title')} text={t('notices.incomplete.text')} />;
  if (profile && profile.availableBrands.length === 0) {
    return <Notice title={t('notices.noProfile.title')} text={t('notices.noProfile.text')} />;
  }
  const pending = profile && pendingTerms(profile);
  const ask = profile && pending && (pending.termsOfUse || (pending.termsAndConditions && !later));
  return (
    <>
      {pending?.termsOfUse ? <StaticPage title={t('terms.title')} text={t('terms.intro')} /> : children}
      {ask && (
        <Suspense>
          <TermsDialog profile={profile} onLater={() => setLater(true)} />
        </Suspense>
      )}
    </>
  );
}

function Notice({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <StaticPage title={title} text={text}>
      <Button colorPalette="brand" alignSelf="flex-start" onClick={() => void signOut()}>
        {t('shell.signOut')}
      </Button>
    </StaticPage>
  );
}
