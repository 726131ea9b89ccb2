import { IconButton, Menu, Portal, menuSlotRecipe } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../client/http';
import { notify } from '../../../client/ui/notify';
import { findAction, type ActionName } from '../../../domain/hypermedia';
import { useCancelProcess, useCopyVariant } from '../api/list-mutations';
import type { CalculationRow } from '../api/list-queries';
import { ConfirmDialog } from '../../../client/ui/confirm-dialog';
import { useState } from 'react';
import { mainContainer } from '../../../client/ui/main-container';

export const editorPath = (ids: { calculationSetId: string; calculationVariantId: string }) =>
  `/calculations/${ids.calculationSetId}/${ids.calculationVariantId}`;

/** Where a row's action leads: the editor's dialogs, the contract's pages. */
const EDITOR_DIALOG: Record<string, string> = { 'make-offer': 'offer', 'request-to-grenke': 'request' };
const CONTRACT_ACTIONS: ActionName[] = [
  'paper-contract',
  'start-esignature',
  'change-to-econtract',
  'send-contract-start',
];

/**
 * A row's actions, as far as the server offers them for its state (none on a read-only brand):
 * open it; copy it and continue in the copy; make an offer or send the request in the editor;
 * the contract details; cancel the calculation process (after a confirmation); the contract's
 * redemption offer.
 */
export function ListRowActions({ row }: { row: CalculationRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const copy = useCopyVariant();
  const cancelProcess = useCancelProcess();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const copyAction = findAction(row.entity, 'copy-variant');
  const cancelAction = findAction(row.entity, 'cancel-process');
  const offered = new Set((row.entity.actions ?? []).map((a) => a.name));
  const path = editorPath(row.item);

  const cancel = async () => {
    setConfirmCancel(false);
    if (!cancelAction) return;
    try {
      await cancelProcess.mutateAsync(cancelAction);
      notify({ type: 'success', title: t('process.cancelDone'), duration: 6000 });
    } catch (error) {
      notify({
        type: 'error',
        title: t('errors.generic'),
        correlationId: error instanceof ApiError ? error.correlationId : undefined,
      });
    }
  };

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
        if (value === 'open') void navigate(path);
        else if (value === 'copy') void copyVariant();
        else if (value in EDITOR_DIALOG) void navigate(`${path}?open=${EDITOR_DIALOG[value]}`);
        else if (value === 'contract') void navigate(`${path}/contract-details`);
        else if (value === 'cancel') setConfirmCancel(true);
        else if (value === 'redemption' && row.item.referenceCode)
          void navigate(`/contracts/${row.item.referenceCode}/redemption-offer`);
      }}
    >
      <Menu.Trigger asChild>
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={t('calculationList.actionsFor', { name: row.item.applicantName })}
          data-testid="row-actions"
        >
          <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true">
            <circle cx="12" cy="5" r="2" />
            <circle cx="12" cy="12" r="2" />
            <circle cx="12" cy="19" r="2" />
          </svg>
        </IconButton>
      </Menu.Trigger>
      <Portal container={mainContainer}>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="open">{t('calculationList.actions.open')}</Menu.Item>
            {copyAction && <Menu.Item value="copy">{t('calculationList.actions.copy')}</Menu.Item>}
            {offered.has('make-offer') && <Menu.Item value="make-offer">{t('process.offer')}</Menu.Item>}
            {offered.has('request-to-grenke') && (
              <Menu.Item value="request-to-grenke">
                {row.item.state === 'requestToGrenke' ? t('process.resend') : t('process.request')}
              </Menu.Item>
            )}
            {CONTRACT_ACTIONS.some((a) => offered.has(a)) && (
              <Menu.Item value="contract">{t('process.contract')}</Menu.Item>
            )}
            {offered.has('make-redemption-offer') && (
              <Menu.Item value="redemption">{t('contracts.detail.redemption')}</Menu.Item>
            )}
            {cancelAction && (
              <Menu.Item value="cancel" color="fg.error">
                {t('process.cancel')}
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
      <ConfirmDialog
        open={confirmCancel}
        danger
        title={t('process.cancel')}
        text={t('process.cancelText')}
        confirm={t('process.cancelConfirm')}
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() => void cancel()}
      />
    </Menu.Root>
  );
}
