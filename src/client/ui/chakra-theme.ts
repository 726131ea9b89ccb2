import { defineConfig } from '@chakra-ui/react';
import { breakpoints } from '@chakra-ui/react/theme/breakpoints';
import { globalCss } from '@chakra-ui/react/theme/global-css';
import { layerStyles } from '@chakra-ui/react/theme/layer-styles';
import { animationStyles } from '@chakra-ui/react/theme/motion-styles';
import { alertSlotRecipe } from '@chakra-ui/react/theme/recipes/alert';
import { badgeRecipe } from '@chakra-ui/react/theme/recipes/badge';
import { buttonRecipe } from '@chakra-ui/react/theme/recipes/button';
import { cardSlotRecipe } from '@chakra-ui/react/theme/recipes/card';
import { codeRecipe } from '@chakra-ui/react/theme/recipes/code';
import { fieldSlotRecipe } from '@chakra-ui/react/theme/recipes/field';
import { headingRecipe } from '@chakra-ui/react/theme/recipes/heading';
import { inputRecipe } from '@chakra-ui/react/theme/recipes/input';
import { linkRecipe } from '@chakra-ui/react/theme/recipes/link';
import { nativeSelectSlotRecipe } from '@chakra-ui/react/theme/recipes/native-select';
import { separatorRecipe } from '@chakra-ui/react/theme/recipes/separator';
import { skeletonRecipe } from '@chakra-ui/react/theme/recipes/skeleton';
import { spinnerRecipe } from '@chakra-ui/react/theme/recipes/spinner';
import { semanticColors } from '@chakra-ui/react/theme/semantic-tokens/colors';
import { semanticRadii } from '@chakra-ui/react/theme/semantic-tokens/radii';
import { semanticShadows } from '@chakra-ui/react/theme/semantic-tokens/shadows';
import { textStyles } from '@chakra-ui/react/theme/text-styles';
import { animations } from '@chakra-ui/react/theme/tokens/animations';
import { aspectRatios } from '@chakra-ui/react/theme/tokens/aspect-ratios';
import { blurs } from '@chakra-ui/react/theme/tokens/blurs';
import { borders } from '@chakra-ui/react/theme/tokens/borders';
import { colors } from '@chakra-ui/react/theme/tokens/colors';
import { cursor } from '@chakra-ui/react/theme/tokens/cursor';
import { durations } from '@chakra-ui/react/theme/tokens/durations';
import { easings } from '@chakra-ui/react/theme/tokens/easings';
import { fontSizes } from '@chakra-ui/react/theme/tokens/font-sizes';
import { fontWeights } from '@chakra-ui/react/theme/tokens/font-weights';
import { fonts } from '@chakra-ui/react/theme/tokens/fonts';
import { keyframes } from '@chakra-ui/react/theme/tokens/keyframes';
import { letterSpacings } from '@chakra-ui/react/theme/tokens/letter-spacing';
import { lineHeights } from '@chakra-ui/react/theme/tokens/line-heights';
import { radii } from '@chakra-ui/react/theme/tokens/radius';
import { sizes } from '@chakra-ui/react/theme/tokens/sizes';
import { spacing } from '@chakra-ui/react/theme/tokens/spacing';
import { zIndices } from '@chakra-ui/react/theme/tokens/z-indices';

/**
 * Chakra's default theme (as its theme/index.js builds it) with only the recipes of the
 * components the shell uses. Imported module by module: the theme's index refers to every
 * recipe Chakra has, some 40 KB on the first screen. Components of lazy pages bring their own
 * recipe (`recipe={tableSlotRecipe}` on the Root, imported from
 * '@chakra-ui/react/theme/recipes/table'), so it loads with the page; a component with neither
 * renders unstyled.
 */
export const chakraTheme = defineConfig({
  preflight: true,
  disableLayers: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      aspectRatios,
      animations,
      blurs,
      borders,
      colors,
      durations,
      easings,
      fonts,
      fontSizes,
      fontWeights,
      letterSpacings,
      lineHeights,
      radii,
      spacing,
      sizes,
      zIndex: zIndices,
      cursor,
    },
    semanticTokens: { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      code: codeRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      field: fieldSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
    },
  },
});
