import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme/recipes/menu';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../client/http';
import { notify } from '../../../client/ui/notify';
import { findAction } from '../../../domain/hypermedia';
import { useCopyVariant } from '../api/list-mutations';
import type { CalculationRow } from '../api/list-queries';

export const editorPath = (ids: { calculationSetId: string; calculationVariantId: string }) =>
  `/calculations/${ids.calculationSetId}/${ids.calculationVariantId}`;

/**
 * A row's actions: open it always; copy it when the server offers `copy-variant` (not on a
 * read-only brand), then continue in the copy.
 */
export function ListRowActions({ row }: { row: CalculationRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const copy = useCopyVariant();
  const copyAction = findAction(row.entity, 'copy-variant');

  const copyVariant = async () => {
    if (!copyAction) return;
    try {
      void navigate(editorPath(await copy.mutateAsync(copyAction)));
    } catch (error) {
      notify({
        type: 'error',
        title: t('calculationList.copyFailed'),
        correlationId: error instanceof ApiError ? error.correlationId : undefined,
      });
    }
  };

  return (
    <Menu.Root
      recipe={menuSlotRecipe}
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'open') void navigate(editorPath(row.item));
        if (value === 'copy') void copyVariant();
      }}
    >
      <Menu.Trigger asChild>
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={t('calculationList.actionsFor', { name: row.item.applicantName })}
          onClick={(e) => e.stopPropagation()}
          data-testid="row-actions"
        >
          <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true">
            <circle cx="12" cy="5" r="2" />
            <circle cx="12" cy="12" r="2" />
            <circle cx="12" cy="19" r="2" />
          </svg>
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content onClick={(e) => e.stopPropagation()}>
            <Menu.Item value="open">{t('calculationList.actions.open')}</Menu.Item>
            {copyAction && <Menu.Item value="copy">{t('calculationList.actions.copy')}</Menu.Item>}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
