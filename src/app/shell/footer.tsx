import { Flex, Link, Text } from '../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { footerLinksFor, HOTLINE_HOURS, hotlineFor } from '../../domain/constants';
import { useFormat } from '../../client/format/format';

/**
 * The footer (administration specification, “Screens and routes”): the provider's links for the
 * partner's country, the mandatory company information where that country requires it, and the
 * country's service hotline with its hours.
 */
export function Footer({ countryIso }: { countryIso?: string }) {
  const { t, i18n } = useTranslation();
  const { hour } = useFormat();
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
        {footerLinksFor(countryIso, i18n.language).map(({ key, href }) => (
          <Link key={key} href={href} target="_blank" rel="noopener noreferrer" color="fg.muted">
            {t(`shell.footer.${key}`)}
          </Link>
        ))}
      </Flex>
      <Text>
        {t('shell.footer.hotline', { phone: hotlineFor(countryIso) })} ·{' '}
        {t('shell.footer.hotlineHours', { from: hour(HOTLINE_HOURS.from), to: hour(HOTLINE_HOURS.to) })}
      </Text>
    </Flex>
  );
}
