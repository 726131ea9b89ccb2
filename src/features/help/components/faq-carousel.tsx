import { Box, Button, Card, HStack, Text } from '../../../client/ui/chakra';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rightToLeft } from '../../../client/i18n/initial-locale';
import type { FaqItem } from '../api/queries';

/** The FAQ carousel: one question at a time, stepped with buttons or the arrow keys. */
export function FaqCarousel({ items }: { items: FaqItem[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  if (items.length === 0) return null;
  const item = items[index % items.length]!;
  const step = (by: number) => setIndex((i) => (i + by + items.length) % items.length);
  return (
    <Card.Root
      variant="elevated"
      bg="brand.subtle"
      aria-roledescription="carousel"
      aria-label={t('help.carousel')}
      onKeyDown={(e) => {
        // Next lies towards the inline end: left in a right-to-left language.
        const forward = rightToLeft() ? 'ArrowLeft' : 'ArrowRight';
        if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') step(e.key === forward ? 1 : -1);
      }}
    >
      <Card.Body gap="3">
        <Box aria-live="polite" minH="32">
          <Text fontSize="xs" textTransform="uppercase" color="brand.fg" fontWeight="semibold">
            {item.category}
          </Text>
          <Text fontWeight="semibold" fontSize="lg" mt="1" data-testid="carousel-question">
            {item.question}
          </Text>
          <Text mt="2" color="fg.muted" lineClamp={4}>
            {item.answer}
          </Text>
        </Box>
        <HStack justify="space-between">
          <Button size="sm" variant="outline" onClick={() => step(-1)}>
            {t('help.previous')}
          </Button>
          <Text fontSize="sm" color="fg.muted">
            {t('help.position', { n: (index % items.length) + 1, of: items.length })}
          </Text>
          <Button size="sm" variant="outline" onClick={() => step(1)}>
            {t('help.next')}
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
