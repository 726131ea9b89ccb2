import { Heading, Skeleton, Stack, Text } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { FAQ_CATEGORIES, faqOf, useHelpContent } from '../api/queries';
import { Disclosure } from '../components/disclosure';
import { FaqCarousel } from '../components/faq-carousel';

/** /faq-center: the FAQ in its 4 categories, as accordions, with the carousel on top. */
export function FaqCenterPage() {
  const { t } = useTranslation();
  const { data, isError } = useHelpContent();
  const categories = data ? FAQ_CATEGORIES.map((n) => faqOf(data, n)) : [];
  return (
    <Stack gap="8" maxW="4xl">
      <Heading as="h1" size="2xl">
        {t('help.faqTitle')}
      </Heading>
      {isError && <Text color="fg.error">{t('help.loadFailed')}</Text>}
      {!data && !isError && <Skeleton h="64" />}
      {data && <FaqCarousel items={categories.flatMap((c) => c.items)} />}
      {categories.map((c) => (
        <Stack key={c.title} as="section" gap="1" data-testid="faq-category">
          <Heading as="h2" size="lg">
            {c.title}
          </Heading>
          {c.items.map((item) => (
            <Disclosure key={item.question} summary={item.question}>
              {item.answer}
            </Disclosure>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

export const Component = FaqCenterPage;
