import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StaticPage } from './static-page';

/** /not-found: where unknown paths end up. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StaticPage title={t('errors.notFound.title')} text={t('errors.notFound.text')}>
      <Button asChild colorPalette="brand" alignSelf="flex-start">
        <Link to="/">{t('errors.backToStart')}</Link>
      </Button>
    </StaticPage>
  );
}

export const Component = NotFoundPage;
