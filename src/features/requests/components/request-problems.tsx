import { Alert, Link } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** Where each refusal is fixed, below the calculation's address. */
const FIX: Record<string, string> = {
  applicantMissing: '/edit-customer',
  supplierMissing: '/edit-supplier',
  partiesInvalid: '/edit-customer',
  objectDetailsMissing: '/attachments',
};

/**
 * What keeps a request to the provider from going, each with a link to where it is fixed: as a
 * refusal in the request dialog, or (`ahead`) as a notice on the saved variant, so that an offer
 * is not sent for a deal the request would then refuse.
 */
export function RequestProblems({
  problems,
  base,
  ahead = false,
  onNavigate,
}: {
  problems: string[];
  /** The calculation's address. */
  base: string;
  ahead?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <Alert.Root
      status={ahead ? 'info' : 'error'}
      role={ahead ? undefined : 'alert'}
      data-testid={ahead ? 'request-needs' : 'request-problems'}
    >
      <Alert.Indicator />
      <Alert.Content>
        {ahead && <Alert.Title>{t('request.needsTitle')}</Alert.Title>}
        {problems.map((k) => (
          <Alert.Description key={k}>
            {t(`request.errors.${k}`, { defaultValue: t('request.errors.generic') })}
            {FIX[k] && (
              <>
                {' '}
                <Link asChild fontWeight="semibold">
                  <RouterLink to={`${base}${FIX[k]}`} onClick={onNavigate}>
                    {t(`request.fix.${k}`)}
                  </RouterLink>
                </Link>
              </>
            )}
          </Alert.Description>
        ))}
      </Alert.Content>
    </Alert.Root>
  );
}
