import { Flex, Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { hotlineFor } from '../../domain/constants';

const LINKS = [
  'groupSite',
  'imprint',
  'dataProtection',
  'cookiePolicy',
  'contact',
  'customerPortal',
] as const;
const PROVIDER_SITE = 'https://www.leasing-provider.example';

/** The footer: the provider's links and the service hotline (Monday to Friday, 9 to 18). */
export function Footer({ countryIso }: { countryIso?: string }) {
  const { t } = useTranslation();
  return (
    <Flex
      as="footer"
      wrap="wrap"
      gap={{ base: '2', md: '6' }}
      justify="space-between"
      px={{ base: '4', md: '6' }}
      py="4"
      borderTopWidth="1px"
      bg="bg.panel"
      fontSize="sm"
      color="fg.muted"
    >
      <Flex as="nav" wrap="wrap" gap="4" aria-label={t('shell.footer.links')}>
        {LINKS.map((key) => (
          <Link
            key={key}
            href={`${PROVIDER_SITE}/${key}`}
            target="_blank"
            rel="noopener noreferrer"
            color="fg.muted"
          >
            {t(`shell.footer.${key}`)}
          </Link>
        ))}
      </Flex>
      <Text>
        {t('shell.footer.hotline', { phone: hotlineFor(countryIso) })} · {t('shell.footer.hotlineHours')}
      </Text>
    </Flex>
  );
}
