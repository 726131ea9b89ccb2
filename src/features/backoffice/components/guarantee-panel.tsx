import { Button, Dialog, Text } from '../../../client/ui/chakra';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../../client/ui/notify';
import type { Action } from '../../../domain/hypermedia';
import { useGuaranteeReceived } from '../api/mutations';
import type { RequestDetail } from '../api/types';
import { handleWriteFailure, type FailureHandlers } from './failures';
import { Section } from '../../../client/ui/facts';
import { DialogShell } from '../../../client/ui/dialog-shell';

/** An approval with a bank guarantee: once the guarantee is in, the contract is ready to sign. */
export function GuaranteePanel({
  request,
  action,
  ...handlers
}: { request: RequestDetail; action: Action } & FailureHandlers) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const received = useGuaranteeReceived();
  const [confirming, setConfirming] = useState(false);
  const customer = request.applicant?.name ?? '';

  const confirm = async () => {
    try {
      await received.mutateAsync({ action });
      setConfirming(false);
      notify({
        type: 'success',
        title: t('backoffice.guarantee.done'),
        description: t('backoffice.guarantee.doneText', { customer }),
        duration: 6000,
      });
      void navigate('/backoffice');
    } catch (error) {
      setConfirming(false);
      handleWriteFailure(error, handlers, t, t('backoffice.errors.guaranteeFailed'));
    }
  };

  return (
    <Section title={t('backoffice.guarantee.title')} testId="guarantee-panel">
      <Text>{t('backoffice.guarantee.text')}</Text>
      <Button
        colorPalette="brand"
        alignSelf="flex-start"
        onClick={() => setConfirming(true)}
        data-testid="guarantee-received"
      >
        {t('backoffice.guarantee.button')}
      </Button>
      <DialogShell
        open={confirming}
        onClose={() => !received.isPending && setConfirming(false)}
        alert
        layout="centred"
        title={t('backoffice.guarantee.confirmTitle')}
      >
        <Dialog.Body>
          <Text>{t('backoffice.guarantee.confirmText', { customer })}</Text>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" disabled={received.isPending}>
              {t('backoffice.guarantee.cancel')}
            </Button>
          </Dialog.ActionTrigger>
          <Button
            colorPalette="brand"
            loading={received.isPending}
            onClick={() => void confirm()}
            data-testid="guarantee-confirm"
          >
            {t('backoffice.guarantee.confirm')}
          </Button>
        </Dialog.Footer>
      </DialogShell>
    </Section>
  );
}
