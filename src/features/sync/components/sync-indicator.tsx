import { Badge } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useOutbox } from '../../../client/offline/outbox';

/**
 * The number of writes waiting for the server, linking to the sync panel; entries that wait for
 * the user (a conflict, or failed) are named apart, in red, since they never go by themselves.
 */
function SyncIndicator() {
  const { t } = useTranslation();
  const entries = useOutbox();
  if (entries.length === 0) return null;
  const stuck = entries.filter((e) => e.state === 'conflict' || e.state === 'failed').length;
  return (
    <Badge asChild colorPalette={stuck ? 'red' : 'orange'} variant="subtle" data-testid="pending-count">
      <Link to="/sync">
        {stuck ? t('sync.stuck', { count: stuck }) : t('sync.pending', { count: entries.length })}
      </Link>
    </Badge>
  );
}

export default SyncIndicator;
