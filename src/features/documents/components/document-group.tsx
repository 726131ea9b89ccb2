import { Badge, Box, Button, Card, Flex, Heading, HStack, Separator, Text } from '../../../client/ui/chakra';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentItem } from '../../../client/documents/types';
import { useFormat } from '../../../client/format/format';
import { isPreviewable } from '../../../domain/documents';

/** One group of documents (generated documents or attachments) as a list that wraps on phones. */
export function DocumentGroup({
  id,
  title,
  empty,
  items,
  downloading,
  onDownload,
  onPreview,
  onDelete,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  items: DocumentItem[];
  /** The document whose download runs now. */
  downloading?: string;
  onDownload: (item: DocumentItem) => void;
  /** Shows an image or a PDF in the portal (isPreviewable). */
  onPreview: (item: DocumentItem) => void;
  onDelete: (item: DocumentItem) => void;
  /** Shown above the list: the upload area of the attachments. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card.Root variant="outline" as="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Card.Body gap="3" p={{ base: '4', md: '6' }}>
        <Heading as="h2" size="md" id={`${id}-title`}>
          {title}{' '}
          <Text as="span" color="fg.muted" fontWeight="normal">
            ({items.length})
          </Text>
        </Heading>
        {children}
        {children && <Separator my="2" />}
        {items.length === 0 ? (
          <Text color="fg.muted" data-testid={`${id}-empty`}>
            {empty}
          </Text>
        ) : (
          <Box as="ul" listStyleType="none" m="0" p="0">
            {items.map((item) => (
              <Flex
                as="li"
                key={item.documentId}
                gap="3"
                align="center"
                wrap="wrap"
                py="3"
                borderTopWidth="1px"
                _first={{ borderTopWidth: 0 }}
                data-testid="document-row"
                data-document-id={item.documentId}
              >
                <Badge variant="subtle" colorPalette="gray" minW="12" justifyContent="center">
                  {item.format.toUpperCase()}
                </Badge>
                <Box flex="1 1 12rem" minW="0">
                  <Text fontWeight="medium" wordBreak="break-word" data-testid="document-name">
                    {item.name}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {t(`documents.categories.${item.category}`, { defaultValue: item.category })} ·{' '}
                    {format.fileSize(item.size)} ·{' '}
                    <time
                      dateTime={item.saveDate}
                      title={t('documents.lastModified', {
                        date: format.dateTime(item.lastModifiedDate),
                      })}
                    >
                      {format.dateTime(item.saveDate)}
                    </time>
                  </Text>
                </Box>
                <HStack ms="auto" gap="2">
                  {item.download && isPreviewable(item) && (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={t('documents.previewName', { name: item.name })}
                      onClick={() => onPreview(item)}
                    >
                      {t('documents.preview')}
                    </Button>
                  )}
                  {item.download && (
                    <Button
                      size="sm"
                      variant="outline"
                      loading={downloading === item.documentId}
                      aria-label={t('documents.downloadName', { name: item.name })}
                      onClick={() => onDownload(item)}
                    >
                      {t('documents.download')}
                    </Button>
                  )}
                  {item.delete && (
                    <Button
                      size="sm"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={t('documents.deleteName', { name: item.name })}
                      onClick={() => onDelete(item)}
                    >
                      {t('documents.delete')}
                    </Button>
                  )}
                </HStack>
              </Flex>
            ))}
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
