import { Badge, type BadgeProps } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';

/**
 * The credit agency's score class (1 best, 6 worst) in the colour of what the rules make of it:
 * 1–3 fine, 4–5 a bank guarantee, 6 a decline; unknown in grey.
 */
export function scoreColour(scoreClass: number | null | undefined): string {
  if (!scoreClass) return 'gray';
  if (scoreClass <= 3) return 'green';
  if (scoreClass <= 5) return 'orange';
  return 'red';
}

export function ScoreClassBadge({
  scoreClass,
  ...props
}: { scoreClass: number | null | undefined } & BadgeProps) {
  const { t } = useTranslation();
  const known = typeof scoreClass === 'number';
  return (
    <Badge
      colorPalette={scoreColour(scoreClass)}
      variant={known && scoreClass >= 4 ? 'solid' : 'subtle'}
      title={t(`backoffice.score.meaning.${known ? Math.min(scoreClass, 6) : 'unknown'}`)}
      data-score-class={known ? scoreClass : ''}
      {...props}
    >
      {known ? t('backoffice.score.value', { scoreClass }) : t('backoffice.score.unknown')}
    </Badge>
  );
}
