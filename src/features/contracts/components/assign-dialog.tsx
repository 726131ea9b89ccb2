import { Alert, Button, Dialog, Field, NativeSelect, Skeleton, Stack, Text } from '../../../client/ui/chakra';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../client/ui/notify';
import type { Action } from '../../../domain/hypermedia';
import { useSelectedProfileId } from '../../../client/profile/selection';
import { useAssignContracts } from '../api/mutations';
import { assigneesQuery } from '../api/queries';
import { DialogShell } from '../../../client/ui/dialog-shell';

/**
 * 'Assign to…': the selected contracts go to one profile of the partner on this brand. The
 * calls run 4 at a time (portal specification, “The calls it makes” and “Business constants and limits”); a notice tells how many went and failed.
 */
export function AssignDialog({
  actions,
  onClose,
  onDone,
}: {
  actions: Action[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const assignees = useQuery(assigneesQuery(useSelectedProfileId()));
  const assign = useAssignContracts();
  const [target, setTarget] = useState('');

  const submit = async () => {
    if (!target) return;
    const name = assignees.data?.find((a) => a.userProfileId === target)?.name ?? '';
    const { assigned, failed } = await assign.mutateAsync({ actions, userProfileId: target });
    notify(
      failed === 0
        ? { type: 'success', title: t('contracts.assign.done', { count: assigned, name }), duration: 5000 }
        : {
            type: assigned === 0 ? 'error' : 'warning',
            title: t('contracts.assign.partly', { count: assigned, failed, name }),
          },
    );
    onDone();
  };

  return (
    <DialogShell
      onClose={onClose}
      layout="form"
      initialFocus={() => document.getElementById('assign-target')}
      title={t('contracts.assign.title', { count: actions.length })}
    >
      <Dialog.Body>
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            {t('contracts.assign.text')}
          </Text>
          {assignees.isPending ? (
            <Skeleton h="8" />
          ) : assignees.isError ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{t('contracts.assign.loadFailed')}</Alert.Title>
            </Alert.Root>
          ) : (
            <Field.Root>
              <Field.Label htmlFor="assign-target">{t('contracts.assign.to')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  id="assign-target"
                  value={target}
                  onChange={(e) => setTarget(e.currentTarget.value)}
                >
                  <option value="">{t('contracts.assign.choose')}</option>
                  {assignees.data.map((a) => (
                    <option key={a.userProfileId} value={a.userProfileId}>
                      {a.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">{t('contracts.assign.cancel')}</Button>
        </Dialog.ActionTrigger>
        <Button
          colorPalette="brand"
          disabled={!target}
          loading={assign.isPending}
          onClick={() => void submit()}
        >
          {t('contracts.assign.confirm')}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
