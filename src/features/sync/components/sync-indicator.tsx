import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useOutbox } from '../../../client/offline/outbox';

/** The number of writes waiting for the server, linking to the sync panel. */
export function SyncIndicator() {
  const { t } = useTranslation();
  const entries = useOutbox();
  if (entries.length === 0) return null;
  const stuck = entries.some((e) => e.state === 'conflict' || e.state === 'failed');
  return (
    <Badge asChild colorPalette={stuck ? 'red' : 'orange'} variant="subtle" data-testid="pending-count">
      <Link to="/sync">{t('sync.pending', { count: entries.length })}</Link>
    </Badge>
  );
}

export default SyncIndicator;
