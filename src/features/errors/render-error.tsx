import * as endpoints from '../../domain/api/endpoints/session';
import { Button, Code, Text } from '../../client/ui/chakra';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { call } from '../../client/http';
import { newCorrelationId } from '../../domain/http';
import { StaticPage } from '../../client/pages/static-page';

/**
 * A view failed to render: title 'Error', a message and an error id; the error and its stack
 * go to the server (POST logging/ui) under that id.
 */
export function RenderError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const errorId = useMemo(() => newCorrelationId(), []);
  useEffect(() => {
    const text = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
    call(
      endpoints.reportUiError,
      { correlationId: errorId },
      { body: `${window.location.pathname}\n${text}` },
    ).catch(() => {
      // Reporting is best effort; the page already shows the id.
    });
  }, [error, errorId]);
  return (
    <StaticPage title={t('errors.renderTitle')} text={t('errors.generic')}>
      <Text fontSize="sm">
        {t('errors.referenceLabel')} <Code data-testid="error-id">{errorId}</Code>
      </Text>
      <Button colorPalette="brand" alignSelf="flex-start" onClick={() => window.location.assign('/')}>
        {t('errors.backToStart')}
      </Button>
    </StaticPage>
  );
}
