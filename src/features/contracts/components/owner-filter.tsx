import { NativeSelect } from '../../../client/ui/chakra';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSelectedProfileId } from '../../../client/profile/selection';
import { assigneesQuery } from '../api/queries';

/**
 * The contracts of one user profile of the brand only (the list's filter by user profile), for a
 * user who sees the whole brand; hidden while the brand has a single profile.
 */
export function OwnerFilter({
  value,
  onChange,
}: {
  value: string;
  onChange: (userProfileId: string) => void;
}) {
  const { t } = useTranslation();
  const assignees = useQuery(assigneesQuery(useSelectedProfileId())).data ?? [];
  if (assignees.length < 2) return null;
  return (
    <NativeSelect.Root size="sm" width="auto" minW="48">
      <NativeSelect.Field
        aria-label={t('contracts.owner.label')}
        bg="bg.panel"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        data-testid="owner-filter"
      >
        <option value="">{t('contracts.owner.all')}</option>
        {assignees.map((a) => (
          <option key={a.userProfileId} value={a.userProfileId}>
            {a.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
