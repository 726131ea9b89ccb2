import { Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Two linked figures: the sub-lease icon beside a sublessee's name. */
function SubleaseIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="8" cy="8" r="3" />
      <circle cx="17" cy="11" r="2.5" />
      <path d="M2.5 20a5.5 5.5 0 0 1 11 0M13.5 20a4 4 0 0 1 8 0" />
    </svg>
  );
}

/**
 * The customer of a list entry: the applicant, or for a sub-lease the sublessee's name with a
 * sub-lease note and icon (portal specification, “Screens and routes”). A calculation's own name
 * (its variant's), where it has one, stands below the customer, or in its place before the
 * customer is known.
 */
export function CustomerName(props: {
  applicantName: string;
  sublesseeName?: string;
  isSubLease?: boolean;
  name?: string;
}) {
  const { t } = useTranslation();
  if (!props.applicantName) return <Text as="span">{props.name || t('quickSearch.noName')}</Text>;
  const customer =
    !props.isSubLease || !props.sublesseeName ? (
      <Text as="span">{props.applicantName}</Text>
    ) : (
      <Flex as="span" direction="column" gap="0.5">
        <Text as="span">{props.sublesseeName}</Text>
        <Flex as="span" align="center" gap="1" fontSize="xs" fontWeight="normal" color="fg.muted">
          <SubleaseIcon />
          {t('quickSearch.sublease', { applicant: props.applicantName })}
        </Flex>
      </Flex>
    );
  if (!props.name) return customer;
  return (
    <Flex as="span" direction="column" gap="0.5">
      {customer}
      <Text as="span" fontSize="xs" fontWeight="normal" color="fg.muted">
        {props.name}
      </Text>
    </Flex>
  );
}
