import { BackArrow } from '../../../client/ui/icons';
import { Box, Heading, Separator, Skeleton, Stack, Text } from '../../../client/ui/chakra';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { notify } from '../../../client/ui/notify';
import { useSaveUser } from '../api/mutations';
import { partnerQuery, userQuery } from '../api/queries';
import { UserActions } from '../components/user-actions';
import { UserForm } from '../components/user-form';
import { LoadFailed } from '../../../client/ui/load-failed';
import { usePageSubject } from '../../../client/page-subject';
import { useFormat } from '../../../client/format/format';

/** /mygrenke/users/new-user and /mygrenke/users/{userId}: create or edit one user. */
export function UserPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const { userId } = useParams();
  const user = useQuery({ ...userQuery(userId ?? ''), enabled: !!userId });
  const brands = useQuery(partnerQuery());
  const save = useSaveUser(userId);
  const ready = brands.data && (!userId || user.data);
  // The user and the company's brands load together: either failing is said, never an endless placeholder.
  const failed = (user.isError && !user.data) || (brands.isError && !brands.data);
  const name = user.data && `${user.data.properties.firstName} ${user.data.properties.lastName}`;
  usePageSubject(name);

  return (
    <Stack gap="6" maxW="4xl">
      <Box>
        <Link to="/mygrenke/users">
          <Text fontSize="sm" color="brand.fg">
            <BackArrow /> {t('admin.users.title')}
          </Text>
        </Link>
        <Heading as="h1" size="2xl" mt="2">
          {userId ? (name ?? '…') : t('admin.users.new')}
        </Heading>
        {user.data && (
          <Text fontSize="sm" color="fg.muted">
            {t('admin.user.lastChange', {
              date: format.dateTime(user.data.properties.lastChange),
            })}
          </Text>
        )}
      </Box>
      {failed ? (
        <LoadFailed
          title={t('admin.user.loadFailed')}
          error={user.isError && !user.data ? user.error : brands.error}
          retry={t('admin.retry')}
          onRetry={() =>
            void Promise.all([user.isError && user.refetch(), brands.isError && brands.refetch()])
          }
          testId="user-load-failed"
        />
      ) : !ready ? (
        <Skeleton h="96" />
      ) : (
        <UserForm
          key={user.data?.properties.lastChange ?? 'new'}
          user={user.data?.properties}
          brands={brands.data}
          saving={save.isPending}
          onSave={async (body) => {
            await save.mutateAsync(body);
            notify({
              type: 'success',
              title: userId ? t('admin.user.saved') : t('admin.user.created', { email: body.eMail }),
            });
            void navigate('/mygrenke/users');
          }}
        />
      )}
      {user.data && (
        <>
          <Separator />
          <UserActions entity={user.data} />
        </>
      )}
    </Stack>
  );
}

export const Component = UserPage;
