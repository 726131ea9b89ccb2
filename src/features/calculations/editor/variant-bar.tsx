import { Badge, Button, buttonRecipe, HStack } from '../../../client/ui/chakra';
import { startTransition, useOptimistic } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { colourOf } from '../../../domain/calculation/states';
import type { VariantSummary } from '../../../client/calculation/types';

/** The variants of a saved set as tabs, with copy, save-as-new, delete and compare. */
export function VariantBar({
  setId,
  variants,
  currentId,
  onCopy,
  onAddFromDraft,
  onDelete,
  compareOpen,
  onToggleCompare,
}: {
  setId: string;
  variants: VariantSummary[];
  currentId: string;
  onCopy?: () => void;
  onAddFromDraft?: () => void;
  onDelete?: () => void;
  compareOpen: boolean;
  onToggleCompare: () => void;
}) {
  const { t } = useTranslation();
  // The comparison renders in a transition; the button says at once that it is open.
  const [open, show] = useOptimistic(compareOpen);
  const toggle = () =>
    startTransition(() => {
      show(!open);
      onToggleCompare();
    });
  return (
    <HStack wrap="wrap" gap="2" justify="space-between">
      <HStack wrap="wrap" gap="2" as="nav" aria-label={t('calculation.variants.title')}>
        {variants.map((v) => {
          const current = v.calculationVariantId === currentId;
          return (
            <Button
              key={v.calculationVariantId}
              asChild
              size="sm"
              variant={current ? 'solid' : 'outline'}
              colorPalette="brand"
            >
              <Link
                to={`/calculations/${setId}/${v.calculationVariantId}`}
                aria-current={current ? 'page' : undefined}
                data-testid="variant-tab"
              >
                {v.name || t('calculation.variants.variant', { n: v.position })}
                <Badge
                  size="xs"
                  colorPalette={STATE_PALETTE[colourOf(v.state)]}
                  variant={current ? 'surface' : 'subtle'}
                >
                  {t(`states.${v.state}`)}
                </Badge>
              </Link>
            </Button>
          );
        })}
      </HStack>
      <HStack wrap="wrap" gap="2">
        {onCopy && (
          <Button size="sm" variant="outline" onClick={onCopy}>
            {t('calculation.variants.copy')}
          </Button>
        )}
        {onAddFromDraft && (
          <Button size="sm" variant="outline" onClick={onAddFromDraft}>
            {t('calculation.variants.addFromDraft')}
          </Button>
        )}
        {onDelete && (
          <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete}>
            {t('calculation.variants.delete')}
          </Button>
        )}
        {variants.length > 1 && (
          <Button size="sm" variant="outline" onClick={toggle} aria-expanded={open} _expanded={EXPANDED}>
            {t('calculation.variants.compare')}
          </Button>
        )}
      </HStack>
    </HStack>
  );
}

/**
 * The open comparison's button looks like Chakra's solid button (its recipe's own styles) through
 * its class's `aria-expanded` style, not by a change of variant: a new variant's class brings a
 * new `@media (hover: hover)` rule, and the browser restyles the whole page for a new media rule,
 * in the frame that answers the click.
 */
const { _expanded: solidExpanded, ...solid } = buttonRecipe.variants!.variant.solid;
const EXPANDED = { ...solid, ...solidExpanded };

/** Chakra palettes of the spec's colour groups. */
export const STATE_PALETTE = { blue: 'blue', yellow: 'yellow', green: 'green', gray: 'gray' } as const;
