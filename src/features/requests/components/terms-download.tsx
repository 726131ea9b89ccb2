import { Button } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../client/ui/notify';
import { useDownloadTerms } from '../api/mutations';

/** The terms and conditions as a PDF, to read or to hand to the customer with the request. */
export function TermsDownload() {
  const { t } = useTranslation();
  const download = useDownloadTerms();
  return (
    <Button
      alignSelf="flex-start"
      size="sm"
      variant="outline"
      loading={download.isPending}
      data-testid="terms-download"
      onClick={() =>
        download.mutate(undefined, {
          onError: () => notify({ type: 'error', title: t('request.termsDownloadFailed'), duration: 6000 }),
        })
      }
    >
      {t('request.termsDownload')}
    </Button>
  );
}
