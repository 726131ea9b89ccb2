import * as endpoints from '../../../domain/api/endpoints/administration';
import {
  Box,
  Button,
  Card,
  Dialog,
  Flex,
  Heading,
  HStack,
  NativeSelect,
  Stack,
  Text,
} from '../../../client/ui/chakra';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../client/http';
import { notify } from '../../../client/ui/notify';
import { findAction, type Action, type Entity } from '../../../domain/hypermedia';
import { addressOf } from '../../../domain/api/address';
import type { AnswerOf } from '../../../domain/api/contract';
import { USER_HAS_WORK_DETAIL } from '../../../domain/users';
import { useUserAction } from '../api/mutations';
import type { UserDetail } from '../api/types';
import { DialogShell } from '../../../client/ui/dialog-shell';

/**
 * What the server offers for a user: reset the password, move a profile's calculations and
 * contracts, delete. Each shows only when its action came with the user (administration
 * specification, “Roles and permissions”); the server's rules are src/domain/user-policy.ts.
 */
export function UserActions({ entity }: { entity: Entity<UserDetail> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const run = useUserAction();
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Without the server's action the spec assumes a PUT to users/{userId}/resetPassword.
  const reset: Action = findAction(entity, 'reset-password') ?? {
    name: 'reset-password',
    method: 'PUT',
    href: addressOf(endpoints.resetPassword, { userId: entity.properties.userId }),
  };
  const remove = findAction(entity, 'delete-user');
  const move = findAction(entity, 'move-calculations');
  // Deleting is offered once nothing is owned any more: until then, say why it is not.
  const ownsWork = entity.properties.deleteBlockedBy === 'userHasCalculationsOrContracts';
  const fail = (title: string, error: unknown) =>
    notify({
      type: 'error',
      title,
      correlationId: error instanceof ApiError ? error.correlationId : undefined,
    });

  // mutateAsync, not mutate's callbacks: those are dropped when the component unmounts, and a
  // refreshed user may no longer offer the action that was just taken.
  const resetPassword = async (action: Action) => {
    try {
      await run.mutateAsync({ action });
      notify({ type: 'success', title: t('admin.user.resetSent', { email: entity.properties.eMail }) });
    } catch (error) {
      fail(t('admin.user.resetFailed'), error);
    }
  };

  const deleteUser = async (action: Action) => {
    try {
      await run.mutateAsync({ action });
      notify({ type: 'success', title: t('admin.user.deleted') });
      void navigate('/mygrenke/users');
    } catch (error) {
      setConfirmDelete(false);
      const hasWork =
        error instanceof ApiError && error.status === 400 && error.problem?.detail === USER_HAS_WORK_DETAIL;
      fail(hasWork ? t('admin.user.deleteHasWork') : t('admin.user.deleteFailed'), error);
    }
  };

  return (
    <Stack gap="6">
      {move && <MoveWork entity={entity} action={move} />}
      <Flex gap="3" wrap="wrap">
        <Button variant="outline" loading={run.isPending} onClick={() => void resetPassword(reset)}>
          {t('admin.user.resetPassword')}
        </Button>
        {remove && (
          <Button variant="outline" colorPalette="red" onClick={() => setConfirmDelete(true)}>
            {t('admin.user.delete')}
          </Button>
        )}
      </Flex>
      {ownsWork && (
        <Text fontSize="sm" color="fg.muted" data-testid="delete-needs-move">
          {t('admin.user.deleteHasWork')}
        </Text>
      )}
      {remove && (
        <DialogShell
          open={confirmDelete}
          onClose={() => setConfirmDelete(false)}
          alert
          title={t('admin.user.deleteTitle')}
        >
          <Dialog.Body>
            <Text>
              {t('admin.user.deleteConfirm', {
                name: `${entity.properties.firstName} ${entity.properties.lastName}`,
              })}
            </Text>
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.ActionTrigger asChild>
              <Button variant="outline">{t('admin.user.cancel')}</Button>
            </Dialog.ActionTrigger>
            <Button colorPalette="red" loading={run.isPending} onClick={() => void deleteUser(remove)}>
              {t('admin.user.delete')}
            </Button>
          </Dialog.Footer>
        </DialogShell>
      )}
    </Stack>
  );
}

function MoveWork({ entity, action }: { entity: Entity<UserDetail>; action: Action }) {
  const { t } = useTranslation();
  const run = useUserAction();
  const [targets, setTargets] = useState<Record<string, string>>({});
  const owning = entity.properties.profiles.filter((p) => p.calculationCount + p.contractCount > 0);
  // Allowed, and nothing to move.
  if (owning.length === 0) return null;
  const moveWork = async (originUserProfileId: string) => {
    try {
      const moved = (await run.mutateAsync({
        action,
        body: { originUserProfileId, destinationUserProfileId: targets[originUserProfileId] ?? '' },
      })) as AnswerOf<'moveCalculations'>;
      notify({
        type: 'success',
        title: t('admin.user.moved', {
          calculations: t('admin.user.movedCalculations', { count: moved.movedCalculations }),
          contracts: t('admin.user.movedContracts', { count: moved.movedContracts }),
        }),
      });
    } catch (error) {
      notify({
        type: 'error',
        title: t('admin.user.moveFailed'),
        correlationId: error instanceof ApiError ? error.correlationId : undefined,
      });
    }
  };
  return (
    <Card.Root variant="outline">
      <Card.Body gap="4">
        <Heading as="h2" size="md">
          {t('admin.user.moveTitle')}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t('admin.user.moveText')}
        </Text>
        {owning.map((p) => (
          <Box key={p.userProfileId} data-testid="move-work">
            <Text fontWeight="medium">
              {p.name}:{' '}
              {t('admin.user.owns', { calculations: p.calculationCount, contracts: p.contractCount })}
            </Text>
            {p.moveTargets.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                {t('admin.user.noMoveTarget')}
              </Text>
            ) : (
              <HStack mt="2" wrap="wrap">
                <NativeSelect.Root size="sm" maxW="xs">
                  <NativeSelect.Field
                    aria-label={t('admin.user.moveTo')}
                    value={targets[p.userProfileId] ?? ''}
                    onChange={(e) => setTargets({ ...targets, [p.userProfileId]: e.currentTarget.value })}
                  >
                    <option value="">{t('admin.user.moveTo')}</option>
                    {p.moveTargets.map((m) => (
                      <option key={m.userProfileId} value={m.userProfileId}>
                        {m.userName}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!targets[p.userProfileId]}
                  loading={run.isPending}
                  onClick={() => void moveWork(p.userProfileId)}
                >
                  {t('admin.user.move')}
                </Button>
              </HStack>
            )}
          </Box>
        ))}
      </Card.Body>
    </Card.Root>
  );
}
